import { and, asc, eq, sql } from 'drizzle-orm';
import type { projectApi } from '@siteops/contracts/project/api';
import { projectMembers, users } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { countAll, pageWindow } from '../../core/list.ts';
import { candidatesOf, keywordOf, loadProjectInScope } from './service.ts';

/** Users who could join a project: of its own agent, not yet in it in that role; paged. */
export const listCandidates: Handler<typeof projectApi.candidates> = async (c, q) => {
  const { db } = c;
  const project = await loadProjectInScope(db, c.caller, q.projectId);
  // A manager candidate may already be a plain member (appointing promotes it); a member candidate
  // must not be in the project at all.
  const alreadyIn =
    q.purpose === 'manager'
      ? sql`not exists (select 1 from ${projectMembers} c_m where c_m.project_id = ${project.id} and c_m.user_id = ${users.id} and c_m.role = 'manager')`
      : sql`not exists (select 1 from ${projectMembers} c_m where c_m.project_id = ${project.id} and c_m.user_id = ${users.id})`;
  const where = and(
    candidatesOf(project),
    keywordOf(q.keyword),
    q.purpose === 'manager' ? eq(users.role, 'manager') : undefined,
    alreadyIn,
  );
  const [list, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        userName: users.userName,
        realName: users.realName,
        phone: users.phone,
        role: users.role,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.userName))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    db.select({ total: countAll }).from(users).where(where),
  ]);
  return { list, total, page: q.page, pageSize: q.pageSize };
};
