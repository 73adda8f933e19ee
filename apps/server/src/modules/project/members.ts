import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@siteops/contracts/pagination';
import { projectMemberItem, projectMembersQuery } from '@siteops/contracts/project';
import type { ModuleContext } from '../../app/context.ts';
import { projectMembers, users } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { countAll, pageWindow } from '../../http/list.ts';
import { keywordOf, loadProjectInScope } from './service.ts';

export function registerMembers(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/project/members',
    {
      config: { roles: ['admin', 'manager'] },
      schema: {
        tags: ['project'],
        summary: 'Project personnel (managers first), paged, with a keyword on account or real name',
        querystring: projectMembersQuery,
        response: { 200: envelopeOf(pageOf(projectMemberItem)) },
      },
    },
    async (request) => {
      const q = request.query;
      await loadProjectInScope(db, callerOf(authOf(request).user), q.projectId);
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
      return ok({
        list: rows.map((m) => ({
          ...m,
          projectRole: m.projectRole as 'manager' | 'member',
          joinedAt: m.joinedAt.toISOString(),
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      });
    },
  );
}
