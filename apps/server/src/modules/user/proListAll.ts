import { and, eq } from 'drizzle-orm';
import type { userApi } from '@siteops/contracts/user/api';
import { agents, projectMembers, users } from '../../db/schema/index.ts';
import { assertSeesProject, scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readPage } from '../../http/readPage.ts';
import { countAll, orderBy } from '../../core/list.ts';
import { toUserListItem } from './view.ts';
import { USER_SORT_COLUMNS, userFilters } from './listAll.ts';

/** The users of one project in the caller's scope (404 for a project outside it), with their role there. */
export const listProjectUsers: Handler<typeof userApi.proListAll> = async (c, q) => {
  const { db, pii, caller } = c;
  await assertSeesProject(db, caller, q.projectId);
  const where = and(
    eq(projectMembers.projectId, q.projectId),
    q.projectRole ? eq(projectMembers.role, q.projectRole) : undefined,
    scope.users(caller),
    ...userFilters(q, pii),
  );
  const { rows, total } = await readPage(
    q,
    db
      .select({
        user: users,
        agentName: agents.name,
        projectRole: projectMembers.role,
        joinedAt: projectMembers.createdAt,
      })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .leftJoin(agents, eq(agents.id, users.agentId))
      .where(where)
      .orderBy(...orderBy(USER_SORT_COLUMNS, users.id, q.sortField, q.sortOrder, 'createdAt')),
    db
      .select({ total: countAll })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(where),
  );
  return {
    list: rows.map((r) => ({
      ...toUserListItem(r.user, r.agentName, c),
      projectRole: r.projectRole,
      joinedAt: r.joinedAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
};
