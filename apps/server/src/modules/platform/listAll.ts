import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@siteops/contracts/pagination';
import { platformItem, platformListQuery, PLATFORM_SORT_FIELDS } from '@siteops/contracts/device';
import type { ModuleContext } from '../../app/context.ts';
import { authPlatforms } from '../../db/schema/index.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { contains, countAll, orderBy, pageWindow } from '../../http/list.ts';
import { toPlatformItem } from './service.ts';

const SORT_COLUMNS = {
  id: authPlatforms.id,
  platformName: authPlatforms.platformName,
  expirationDate: authPlatforms.expirationDate,
  createdAt: authPlatforms.createdAt,
  updatedAt: authPlatforms.updatedAt,
} satisfies Record<(typeof PLATFORM_SORT_FIELDS)[number], unknown>;

export function registerListPlatforms(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/platform/listAll',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['platform'],
        summary: 'Authorisation platforms, filtered by name, sorted and paged; each says whether it expired',
        querystring: platformListQuery,
        response: { 200: envelopeOf(pageOf(platformItem)) },
      },
    },
    async (request) => {
      const q = request.query;
      const where = contains(authPlatforms.platformName, q.platformName);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(authPlatforms)
          .where(where)
          .orderBy(...orderBy(SORT_COLUMNS, authPlatforms.id, q.sortField, q.sortOrder, 'createdAt'))
          .limit(pageWindow(q).limit)
          .offset(pageWindow(q).offset),
        db.select({ total: countAll }).from(authPlatforms).where(where),
      ]);
      return ok({ list: rows.map(toPlatformItem), total, page: q.page, pageSize: q.pageSize });
    },
  );
}
