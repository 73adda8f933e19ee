import type { projectApi } from '@siteops/contracts/project/api';
import type { ProjectInUse } from '@siteops/contracts/project/schemas';
import { projects } from '../../db/schema/index.ts';
import { deleteAllOrNone } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import { conflict } from '../../core/errors.ts';
import type { Handler } from '../../http/endpoint.ts';
import { dependentPhrases, dependentTexts, projectDependents } from './dependents.ts';
import { andList, t } from '../../core/messages/index.ts';

/**
 * Delete projects in the caller's scope, all or none; refused (409, naming what is left) while
 * anything still belongs to one.
 */
export const deleteProjects: Handler<typeof projectApi.delete> = async (c, { ids }) =>
  deleteAllOrNone(c.db, {
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
  });
