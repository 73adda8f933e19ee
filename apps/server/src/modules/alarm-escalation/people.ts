import { sql, type SQL } from 'drizzle-orm';
import type { StepRole } from '@siteops/contracts/alarm-escalation/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** One person a step reaches, with the addresses they bound by a one-time code (account module). */
export interface Person {
  id: number;
  userName: string;
  email: string | null;
  phone: string | null;
}

/** Where an alarm is: its project and the project's agent (for "the agent's users"). */
export interface AlarmPlace {
  projectId: number;
  agentId: number | null;
}

/** The condition on `users u` for one role within the alarm's project or agent. */
function roleWhere(role: StepRole, place: AlarmPlace): SQL | undefined {
  switch (role) {
    case 'projectManagers':
      return sql`u.id in (select pm.user_id from project_members pm where pm.project_id = ${place.projectId} and pm.role = 'manager')`;
    case 'projectMembers':
      return sql`u.id in (select pm.user_id from project_members pm where pm.project_id = ${place.projectId})`;
    case 'agentUsers':
      return place.agentId === null ? undefined : sql`(u.role = 'agent' and u.agent_id = ${place.agentId})`;
    case 'admins':
      return sql`u.role = 'admin'`;
  }
}

/**
 * The people a step names: its users and the holders of its roles within the alarm's project or agent,
 * each once, enabled accounts only, with their bound security email and phone.
 */
export async function peopleOf(
  db: Db,
  step: { userIds: readonly number[]; roles: readonly StepRole[] },
  place: AlarmPlace,
): Promise<Person[]> {
  const parts: SQL[] = [];
  if (step.userIds.length)
    parts.push(
      sql`u.id in (${sql.join(
        step.userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  for (const role of step.roles) {
    const where = roleWhere(role, place);
    if (where) parts.push(where);
  }
  if (parts.length === 0) return [];
  const res = await db.execute(sql`
    select u.id, u.user_name, s.email, s.phone from users u
    left join user_security s on s.user_id = u.id
    where u.enabled <> 'disable' and (${sql.join(parts, sql` or `)})
    order by u.id`);
  return rowsOf<{ id: number; user_name: string; email: string | null; phone: string | null }>(res).map((r) => ({
    id: Number(r.id),
    userName: r.user_name,
    email: r.email,
    phone: r.phone,
  }));
}
