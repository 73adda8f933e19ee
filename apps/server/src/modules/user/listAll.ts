import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '@siteops/contracts/pagination';
import { userListItem, userListQuery, USER_SORT_FIELDS } from '@siteops/contracts/user';
import type { ModuleContext } from '../../app/context.ts';
import { agents, users } from '../../db/schema/index.ts';
import type { Pii } from '../../crypto/pii.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf, scope } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { contains, countAll, orderBy, pageWindow } from '../../http/list.ts';
import { toUserListItem } from './view.ts';

export const USER_SORT_COLUMNS = {
  id: users.id,
  userName: users.userName,
  realName: users.realName,
  birthday: users.birthday,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
} satisfies Record<(typeof USER_SORT_FIELDS)[number], unknown>;

/** The list page's filters as conditions; the ID number matches exactly, through its keyed hash. */
export function userFilters(q: z.infer<typeof userListQuery>, pii: Pii): (SQL | undefined)[] {
  return [
    contains(users.userName, q.userName),
    contains(users.realName, q.realName),
    contains(users.phone, q.phone),
    q.enabled ? eq(users.enabled, q.enabled) : undefined,
    q.certification ? eq(users.certification, q.certification) : undefined,
    q.isAgent !== undefined ? eq(users.isAgent, q.isAgent) : undefined,
    q.role ? eq(users.role, q.role) : undefined,
    q.agentId ? eq(users.agentId, q.agentId) : undefined,
    q.idNo ? eq(users.idNoHash, pii.searchHash(q.idNo.replace(/\s+/g, '').toUpperCase())) : undefined,
    q.createdFrom ? gte(users.createdAt, q.createdFrom) : undefined,
    q.createdTo ? lte(users.createdAt, q.createdTo) : undefined,
  ];
}

export function registerListUsers(app: FastifyInstance, ctx: ModuleContext) {
  const { db, pii } = ctx;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/user/listAll',
    {
      config: { roles: ['admin', 'agent'] },
      schema: {
        tags: ['user'],
        summary: "Users in the caller's scope, filtered, sorted and paged; idNo and cardNo masked",
        querystring: userListQuery,
        response: { 200: envelopeOf(pageOf(userListItem)) },
      },
    },
    async (request) => {
      const q = request.query;
      const where = and(scope.users(callerOf(authOf(request).user)), ...userFilters(q, pii));
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ user: users, agentName: agents.name })
          .from(users)
          .leftJoin(agents, eq(agents.id, users.agentId))
          .where(where)
          .orderBy(...orderBy(USER_SORT_COLUMNS, users.id, q.sortField, q.sortOrder, 'createdAt'))
          .limit(pageWindow(q).limit)
          .offset(pageWindow(q).offset),
        db.select({ total: countAll }).from(users).where(where),
      ]);
      return ok({
        list: rows.map((r) => toUserListItem(r.user, r.agentName, ctx)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      });
    },
  );
}
