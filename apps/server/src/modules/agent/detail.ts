import type { agentApi } from '@siteops/contracts/agent/api';
import type { Handler } from '../../http/endpoint.ts';
import { itemOf } from '../../core/list.ts';
import { loadAgentInScope, toAgentItems } from './service.ts';

/** One agent in the caller's scope (404 outside it), as its list row. */
export const agentDetail: Handler<typeof agentApi.detail> = async (c, { id }) =>
  itemOf(await loadAgentInScope(c.db, c.caller, id), (rows) => toAgentItems(c.db, rows));
