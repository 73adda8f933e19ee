import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { userApi } from '@siteops/contracts/user/api';
import { userListQuery, USER_SORT_FIELDS } from '@siteops/contracts/user/list';
import { agents, users } from '../../db/schema/index.ts';
import type { Pii } from '../../crypto/pii.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readPage } from '../../http/readPage.ts';
import { contains, countAll, equalFilters, orderBy } from '../../core/list.ts';
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
    ...equalFilters(users, q, ['enabled', 'certification', 'role', 'agentId']),
    q.isAgent !== undefined ? eq(users.isAgent, q.isAgent) : undefined,
    q.idNo ? eq(users.idNoHash, pii.searchHash(q.idNo.replace(/\s+/g, '').toUpperCase())) : undefined,
    q.createdFrom ? gte(users.createdAt, q.createdFrom) : undefined,
    q.createdTo ? lte(users.createdAt, q.createdTo) : undefined,
  ];
}

/** Users in the caller's scope with their agent's name, filtered, sorted and paged. */
export const listUsers: Handler<typeof userApi.listAll> = async (c, q) => {
  const { db, pii } = c;
  const where = and(scope.users(c.caller), ...userFilters(q, pii));
  const { rows, total } = await readPage(
    q,
    db
      .select({ user: users, agentName: agents.name })
      .from(users)
      .leftJoin(agents, eq(agents.id, users.agentId))
      .where(where)
      .orderBy(...orderBy(USER_SORT_COLUMNS, users.id, q.sortField, q.sortOrder, 'createdAt')),
    db.select({ total: countAll }).from(users).where(where),
  );
  return {
    list: rows.map((r) => toUserListItem(r.user, r.agentName, c)),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
};
