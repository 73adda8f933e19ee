import { and } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { constantItem, constantListQuery, CONSTANT_SORT_FIELDS } from '@siteops/contracts/constant';
import { pageOf } from '@siteops/contracts/pagination';
import type { ModuleContext } from '../../app/context.ts';
import { constants } from '../../db/schema/index.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { contains, countAll, orderBy, pageWindow } from '../../http/list.ts';
import { toConstantItem } from './view.ts';

const SORT_COLUMNS = {
  id: constants.id,
  key: constants.key,
  createdAt: constants.createdAt,
  updatedAt: constants.updatedAt,
} satisfies Record<(typeof CONSTANT_SORT_FIELDS)[number], unknown>;

export function registerListConstants(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/constant/listAll',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['constant'],
        summary: 'System constants, searched by key and value (contains), sorted and paged',
        querystring: constantListQuery,
        response: { 200: envelopeOf(pageOf(constantItem)) },
      },
    },
    async (request) => {
      const q = request.query;
      const where = and(contains(constants.key, q.key), contains(constants.value, q.value));
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(constants)
          .where(where)
          .orderBy(...orderBy(SORT_COLUMNS, constants.id, q.sortField, q.sortOrder ?? 'asc', 'key'))
          .limit(pageWindow(q).limit)
          .offset(pageWindow(q).offset),
        db.select({ total: countAll }).from(constants).where(where),
      ]);
      return ok({ list: rows.map(toConstantItem), total, page: q.page, pageSize: q.pageSize });
    },
  );
}
