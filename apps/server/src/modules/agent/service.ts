import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AgentItem } from '@siteops/contracts/agent/schemas';
import type { Db } from '../../db/client.ts';
import { agents, users, type AgentRow } from '../../db/schema/index.ts';
import { agentExpiredSql } from '../../auth/sessions.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { loadOr404 } from '../../db/crud.ts';
import { countAll } from '../../core/list.ts';

/** Agent columns plus whether its expDate has passed (by the database's clock). */
export const agentColumns = { agent: agents, expired: agentExpiredSql };

export const loadAgentInScope = (db: Db, caller: Caller, id: number) =>
  loadOr404<typeof agents, { agent: AgentRow; expired: boolean }>(db, {
    table: agents,
    idColumn: agents.id,
    id,
    scope: scope.agents(caller),
    what: 'Agent',
    select: agentColumns,
  });

/** The agent's admin user: its first user flagged isAgent. */
export async function agentAdminUser(db: Db, agentId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.agentId, agentId), eq(users.isAgent, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return row;
}

/** Rows as the agent list shows them, with their admin user and user count. */
export async function toAgentItems(db: Db, rows: { agent: AgentRow; expired: boolean }[]): Promise<AgentItem[]> {
  const ids = rows.map((r) => r.agent.id);
  const [admins, counts] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(users)
          .where(and(inArray(users.agentId, ids), eq(users.isAgent, true)))
          .orderBy(asc(users.id)),
        db
          .select({ agentId: users.agentId, n: countAll })
          .from(users)
          .where(inArray(users.agentId, ids))
          .groupBy(users.agentId),
      ])
    : [[], []];
  return rows.map(({ agent, expired }) => {
    const admin = admins.find((u) => u.agentId === agent.id);
    return {
      id: agent.id,
      name: agent.name,
      linkName: agent.linkName,
      linkPhone: agent.linkPhone,
      expDate: agent.expDate,
      status: agent.status,
      expired,
      address: agent.address,
      longitude: agent.longitude,
      latitude: agent.latitude,
      userCount: counts.find((c) => c.agentId === agent.id)?.n ?? 0,
      user: admin
        ? {
            id: admin.id,
            userName: admin.userName,
            realName: admin.realName,
            phone: admin.phone,
            email: admin.email,
            address: admin.address,
            remark: admin.introduction,
            enabled: admin.enabled,
          }
        : null,
      createdAt: agent.createdAt.toISOString(),
      updatedAt: agent.updatedAt.toISOString(),
      createdId: agent.createdId,
      updatedId: agent.updatedId,
    };
  });
}
