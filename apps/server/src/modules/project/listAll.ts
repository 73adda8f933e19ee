import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@siteops/contracts/pagination';
import { projectItem, projectListQuery, PROJECT_SORT_FIELDS } from '@siteops/contracts/project';
import type { ModuleContext } from '../../app/context.ts';
import { projects } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { callerOf, scope } from '../../auth/scope.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { contains, countAll, orderBy, pageWindow } from '../../http/list.ts';
import { toProjectItems } from './service.ts';

const SORT_COLUMNS = {
  id: projects.id,
  name: projects.name,
  code: projects.code,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
} satisfies Record<(typeof PROJECT_SORT_FIELDS)[number], unknown>;

export function registerListProjects(app: FastifyInstance, { db }: ModuleContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/project/listAll',
    {
      // Agents read their agent's projects (to divide devices into them); the pages stay admin/manager.
      config: { roles: ['admin', 'manager', 'agent'] },
      schema: {
        tags: ['project'],
        summary:
          "Projects in the caller's scope (a manager: those it manages; an agent: its agent's), filtered, sorted and paged",
        querystring: projectListQuery,
        response: { 200: envelopeOf(pageOf(projectItem)) },
      },
    },
    async (request) => {
      const q = request.query;
      const where = and(
        scope.projects(callerOf(authOf(request).user)),
        contains(projects.name, q.name),
        contains(projects.code, q.code),
        q.agentId ? eq(projects.agentId, q.agentId) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(projects)
          .where(where)
          .orderBy(...orderBy(SORT_COLUMNS, projects.id, q.sortField, q.sortOrder, 'createdAt'))
          .limit(pageWindow(q).limit)
          .offset(pageWindow(q).offset),
        db.select({ total: countAll }).from(projects).where(where),
      ]);
      return ok({ list: await toProjectItems(db, rows), total, page: q.page, pageSize: q.pageSize });
    },
  );
}
