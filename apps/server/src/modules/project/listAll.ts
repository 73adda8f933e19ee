import { and } from 'drizzle-orm';
import type { projectApi } from '@siteops/contracts/project/api';
import { projects } from '../../db/schema/index.ts';
import { listTable } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { contains, equalFilters } from '../../core/list.ts';
import { toProjectItems } from './service.ts';

/** Projects in the caller's scope, filtered, sorted and paged. */
export const listProjects: Handler<typeof projectApi.listAll> = async (c, q) =>
  listTable(c.db, q, {
    table: projects,
    where: and(
      scope.projects(c.caller),
      contains(projects.name, q.name),
      contains(projects.code, q.code),
      ...equalFilters(projects, q, ['agentId']),
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
    mapRows: (rows) => toProjectItems(c.db, rows),
  });
