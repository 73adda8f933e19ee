import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@siteops/contracts/pagination';
import { projectCandidateItem, projectCandidatesQuery } from '@siteops/contracts/project';
import type { ModuleContext } from '../../app/context.ts';
import { projectMembers, users } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { countAll, pageWindow } from '../../http/list.ts';
import { candidatesOf, keywordOf, loadProjectInScope } from './service.ts';

export function registerCandidates(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/project/candidates',
    {
      config: { roles: ['admin', 'manager'] },
      schema: {
        tags: ['project'],
        summary:
          "Users who could join the project: its agent's people not in it yet (purpose=manager: role manager, not yet managing it)",
        querystring: projectCandidatesQuery,
        response: { 200: envelopeOf(pageOf(projectCandidateItem)) },
      },
    },
    async (request) => {
      const q = request.query;
      const project = await loadProjectInScope(db, callerOf(authOf(request).user), q.projectId);
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
      const [rows, [{ total }]] = await Promise.all([
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
      return ok({ list: rows, total, page: q.page, pageSize: q.pageSize });
    },
  );
}
