import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ProjectInUse } from '@siteops/contracts/project/schemas';
import { projectApi } from '@siteops/contracts/project/api';
import type { ModuleContext } from '../../ports/context.ts';
import { projects } from '../../db/schema/index.ts';
import { deleteAllOrNone, insertAudited, listTable, uniqueOr409, updateAudited } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import { conflict, forbidden } from '../../core/errors.ts';
import { route } from '../../http/endpoint.ts';
import { contains } from '../../core/list.ts';
import { changeSet } from '../audit/record.ts';
import { assertAgentExists } from '../user/service.ts';
import { dependentPhrases, dependentTexts, projectDependents } from './dependents.ts';
import { registerPersonnel } from './personnel.ts';
import { duplicateCode, loadProjectInScope, memberCounts, toProjectItems } from './service.ts';
import { andList, t } from '../../core/messages/index.ts';

/**
 * /api/project/*: projects, their managers and personnel. A manager sees and edits only the
 * projects it manages (scope rule); people come only from the project's own agent.
 */
export function registerProjectModule(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  route(app, ctx, projectApi.listAll, async (c, q) =>
    listTable(db, q, {
      table: projects,
      where: and(
        scope.projects(c.caller),
        contains(projects.name, q.name),
        contains(projects.code, q.code),
        q.agentId ? eq(projects.agentId, q.agentId) : undefined,
      ),
      sort: {
        columns: {
          id: projects.id,
          name: projects.name,
          code: projects.code,
          createdAt: projects.createdAt,
          updatedAt: projects.updatedAt,
        },
        id: projects.id,
        fallback: 'createdAt',
      },
      mapRows: (rows) => toProjectItems(db, rows),
    }),
  );

  route(app, ctx, projectApi.detail, async (c, { id }) => {
    const [item] = await toProjectItems(db, [await loadProjectInScope(db, c.caller, id)]);
    return item;
  });

  route(app, ctx, projectApi.add, async (c, body) => {
    if (body.agentId != null) await assertAgentExists(db, body.agentId);
    return uniqueOr409(
      () =>
        insertAudited(db, {
          table: projects,
          values: { ...body, createdId: c.user.id, updatedId: c.user.id },
          audit: { record: c.audit, action: 'project.add', targetType: 'project', detail: changeSet(body) },
        }),
      duplicateCode(body.code),
    );
  });

  route(app, ctx, projectApi.update, async (c, { id, ...patch }) => {
    const project = await loadProjectInScope(db, c.caller, id);
    if (patch.agentId !== undefined && patch.agentId !== project.agentId) {
      if (c.caller.role !== 'admin') throw forbidden(t('project.adminOnlyMove'));
      const { managers, members } = await memberCounts(db, id);
      if (managers + members > 0) {
        throw conflict(t('project.moveWithMembers'), { field: 'agentId' });
      }
      if (patch.agentId !== null) await assertAgentExists(db, patch.agentId);
    }
    const detail = changeSet(patch, { code: project.code });
    await uniqueOr409(
      () =>
        updateAudited(db, {
          table: projects,
          id,
          set: { ...patch, updatedId: c.user.id },
          audit: { record: c.audit, action: 'project.update', targetType: 'project', detail },
        }),
      duplicateCode(patch.code),
    );
    return null;
  });

  route(app, ctx, projectApi.delete, async (c, { ids }) =>
    deleteAllOrNone(db, {
      table: projects,
      ids,
      scope: scope.projects(c.caller),
      what: 'Project',
      select: { id: projects.id, name: projects.name, code: projects.code },
      beforeDelete: async (tx, rows: { id: number; name: string; code: string }[]) => {
        for (const row of rows) {
          const counts = await projectDependents(tx, row.id);
          const left = dependentPhrases(counts);
          if (left.length) {
            const data: ProjectInUse = { id: row.id, name: row.name, dependents: left, counts };
            throw conflict(t('project.inUse', { name: row.name, left: andList(dependentTexts(counts)) }), data);
          }
        }
      },
      audit: { record: c.audit, action: 'project.delete', targetType: 'project' },
    }),
  );

  registerPersonnel(app, ctx);
}
