import type { projectApi } from '@siteops/contracts/project/api';
import type { Handler } from '../../http/endpoint.ts';
import { itemOf } from '../../core/list.ts';
import { loadProjectInScope, toProjectItems } from './service.ts';

/** One project in the caller's scope (404 outside it), as its list row. */
export const projectDetail: Handler<typeof projectApi.detail> = async (c, { id }) =>
  itemOf(await loadProjectInScope(c.db, c.caller, id), (rows) => toProjectItems(c.db, rows));
