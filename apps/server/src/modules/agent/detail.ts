import type { agentApi } from '@siteops/contracts/agent/api';
import type { Handler } from '../../http/endpoint.ts';
import { itemOf } from '../../core/list.ts';
import { inSnapshot } from '../../db/snapshot.ts';
import { loadAgentInScope, toAgentItems } from './service.ts';

/**
 * One agent in the caller's scope (404 outside it), as its list row. One snapshot: the agent and its admin
 * user are separate reads, and an update writes both in one transaction.
 */
export const agentDetail: Handler<typeof agentApi.detail> = async (c, { id }) =>
  inSnapshot(c.db, async (db) => itemOf(await loadAgentInScope(db, c.caller, id), (rows) => toAgentItems(db, rows)));
