import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@siteops/contracts/pagination';
import { grantItem, grantListQuery } from '@siteops/contracts/device';
import type { ModuleContext } from '../../app/context.ts';
import { licenceGrants } from '../../db/schema/index.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { contains, countAll, iso, pageWindow } from '../../http/list.ts';

/** The licence grant history (who, when, which device, platforms, expiry), newest first. */
export function registerListGrants(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/device/grants',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['device'],
        summary: 'Licence grant history, newest first, paged; filter by sn (contains) or device',
        querystring: grantListQuery,
        response: { 200: envelopeOf(pageOf(grantItem)) },
      },
    },
    async (request) => {
      const q = request.query;
      const where = and(
        q.deviceId ? eq(licenceGrants.deviceId, q.deviceId) : undefined,
        contains(licenceGrants.sn, q.sn),
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(licenceGrants)
          .where(where)
          .orderBy(desc(licenceGrants.issuedAt), desc(licenceGrants.id))
          .limit(pageWindow(q).limit)
          .offset(pageWindow(q).offset),
        db.select({ total: countAll }).from(licenceGrants).where(where),
      ]);
      return ok({
        list: rows.map((r) => ({
          licenceId: r.id,
          deviceId: r.deviceId,
          sn: r.sn,
          mac: r.mac,
          platforms: r.platforms,
          expiresAt: iso(r.expiresAt),
          attachInfo: r.attachInfo,
          issuedById: r.issuedById,
          issuedByName: r.issuedByName,
          issuedAt: iso(r.issuedAt),
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      });
    },
  );
}
