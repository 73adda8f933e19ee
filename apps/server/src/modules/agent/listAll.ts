import { and, not } from 'drizzle-orm';
import type { agentApi } from '@siteops/contracts/agent/api';
import { agents, type AgentRow } from '../../db/schema/index.ts';
import { listTable } from '../../db/crud.ts';
import { inSnapshot } from '../../db/snapshot.ts';
import { scope } from '../../auth/scope.ts';
import { agentExpiredSql } from '../../auth/sessions.ts';
import type { Handler } from '../../http/endpoint.ts';
import { contains, equalFilters } from '../../core/list.ts';
import { agentColumns, toAgentItems } from './service.ts';

/**
 * Agents in the caller's scope, filtered (expired or not by their expiry date), sorted and paged. One
 * snapshot: the agents and their admin users are separate reads, and an update writes both in one transaction.
 */
export const listAgents: Handler<typeof agentApi.listAll> = async (c, q) =>
  inSnapshot(c.db, (db) =>
    listTable(db, q, {
      table: agents,
      select: agentColumns,
      where: and(
        scope.agents(c.caller),
        contains(agents.name, q.name),
        contains(agents.linkName, q.linkName),
        contains(agents.linkPhone, q.linkPhone),
        ...equalFilters(agents, q, ['status']),
        q.expired === undefined ? undefined : q.expired ? agentExpiredSql : not(agentExpiredSql),
      ),
      sort: {
        columns: {
          id: agents.id,
          name: agents.name,
          expDate: agents.expDate,
          createdAt: agents.createdAt,
          updatedAt: agents.updatedAt,
        },
        id: agents.id,
        fallback: 'createdAt',
      },
      mapRows: (rows: { agent: AgentRow; expired: boolean }[]) => toAgentItems(db, rows),
    }),
  );
