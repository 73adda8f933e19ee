import { and, asc, eq } from 'drizzle-orm';
import type { projectApi } from '@siteops/contracts/project/api';
import { projectMembers, users } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { countAll, pageWindow } from '../../core/list.ts';
import { keywordOf, loadProjectInScope } from './service.ts';

/** A project's managers and members (managers first), filtered by keyword and paged. */
export const listMembers: Handler<typeof projectApi.members> = async (c, q) => {
  const { db } = c;
  await loadProjectInScope(db, c.caller, q.projectId);
  const where = and(eq(projectMembers.projectId, q.projectId), keywordOf(q.keyword));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        userId: users.id,
        userName: users.userName,
        realName: users.realName,
        phone: users.phone,
        sex: users.sex,
        role: users.role,
        enabled: users.enabled,
        certification: users.certification,
        projectRole: projectMembers.role,
        joinedAt: projectMembers.createdAt,
      })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(where)
      .orderBy(asc(projectMembers.role), asc(users.id))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    db
      .select({ total: countAll })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(where),
  ]);
  const list = rows.map((m) => ({
    ...m,
    projectRole: m.projectRole as 'manager' | 'member',
    joinedAt: m.joinedAt.toISOString(),
  }));
  return { list, total, page: q.page, pageSize: q.pageSize };
};
