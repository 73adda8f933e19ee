import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@siteops/contracts/pagination';
import { projectUserItem, projectUserListQuery } from '@siteops/contracts/user';
import type { ModuleContext } from '../../app/context.ts';
import { agents, projectMembers, projects, users } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf, mustExist, scope } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { countAll, orderBy, pageWindow } from '../../http/list.ts';
import { toUserListItem } from './view.ts';
import { USER_SORT_COLUMNS, userFilters } from './listAll.ts';

/** The users of one project in the caller's scope (404 for a project outside it), with their role there. */
export function registerProjectUsers(app: FastifyInstance, ctx: ModuleContext) {
  const { db, pii } = ctx;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/user/proListAll',
    {
      config: { roles: ['admin', 'agent', 'manager'] },
      schema: {
        tags: ['user'],
        summary: 'Users of a project (projectId), with the user-list filters; idNo and cardNo masked',
        querystring: projectUserListQuery,
        response: { 200: envelopeOf(pageOf(projectUserItem)) },
      },
    },
    async (request) => {
      const q = request.query;
      const caller = callerOf(authOf(request).user);
      const [project] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, q.projectId), scope.projects(caller)));
      mustExist(project, 'Project');
      const where = and(
        eq(projectMembers.projectId, q.projectId),
        q.projectRole ? eq(projectMembers.role, q.projectRole) : undefined,
        scope.users(caller),
        ...userFilters(q, pii),
      );
      const [rows, [{ total }]] = await Promise.all([
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
          .orderBy(...orderBy(USER_SORT_COLUMNS, users.id, q.sortField, q.sortOrder, 'createdAt'))
          .limit(pageWindow(q).limit)
          .offset(pageWindow(q).offset),
        db
          .select({ total: countAll })
          .from(projectMembers)
          .innerJoin(users, eq(users.id, projectMembers.userId))
          .where(where),
      ]);
      return ok({
        list: rows.map((r) => ({
          ...toUserListItem(r.user, r.agentName, ctx),
          projectRole: r.projectRole,
          joinedAt: r.joinedAt.toISOString(),
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      });
    },
  );
}
