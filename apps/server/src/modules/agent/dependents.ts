import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices, projects, users } from '../../db/schema/index.ts';
import { conflict } from '../../core/errors.ts';
import { countAll } from '../../core/list.ts';
import { andList, t, type Text } from '../../core/messages/index.ts';

/**
 * What still belongs to an agent and keeps it from being deleted. Its own admin users (isAgent) are
 * not on the list: they go with it. Devices are on it too.
 */
export const AGENT_DEPENDENTS: {
  label: 'users' | 'projects' | 'devices';
  count: (tx: Db, agentId: number) => Promise<number>;
}[] = [
  {
    label: 'users',
    count: async (tx, agentId) =>
      (
        await tx
          .select({ n: countAll })
          .from(users)
          .where(and(eq(users.agentId, agentId), eq(users.isAgent, false)))
      )[0].n,
  },
  {
    label: 'projects',
    count: async (tx, agentId) =>
      (await tx.select({ n: countAll }).from(projects).where(eq(projects.agentId, agentId)))[0].n,
  },
  {
    label: 'devices',
    count: async (tx, agentId) =>
      (await tx.select({ n: countAll }).from(devices).where(eq(devices.agentId, agentId)))[0].n,
  },
];

/** The 409 refusing to delete an agent that still has dependents; the counts let the console say it in the user's language. */
export async function assertNoDependents(tx: Db, row: { id: number; name: string }) {
  const left: Text[] = [];
  const counts: Record<string, number> = {};
  for (const dep of AGENT_DEPENDENTS) {
    const n = await dep.count(tx, row.id);
    counts[dep.label] = n;
    if (n > 0) left.push(t(`agent.dep.${dep.label}`, { n }));
  }
  if (left.length) {
    throw conflict(t('agent.inUse', { name: row.name, left: andList(left) }), {
      id: row.id,
      name: row.name,
      dependents: left,
      counts,
    });
  }
}
