import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { projectMembers } from '../db/schema/index.ts';
import type { LiveConn } from './channel.ts';

/** Where a device belongs, as far as seeing it goes. */
export interface Owner {
  agentId: number | null;
  projectId: number | null;
  at: number;
}

/** Same rule as scope.devices, for a device whose owner is known: checked on every event, without SQL. */
export function mayWatch(conn: Pick<LiveConn, 'caller' | 'managed'>, owner: Pick<Owner, 'agentId' | 'projectId'>) {
  const { caller } = conn;
  switch (caller.role) {
    case 'admin':
      return true;
    case 'agent':
      return caller.agentId !== null && owner.agentId === caller.agentId;
    case 'manager':
      return owner.projectId !== null && conn.managed.has(owner.projectId);
    default:
      return false;
  }
}

/** The projects `userId` manages (a manager's device scope). */
export async function managedProjects(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(and(eq(projectMembers.userId, userId), eq(projectMembers.role, 'manager')));
  return new Set(rows.map((r) => r.id));
}
