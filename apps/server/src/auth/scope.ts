import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Role } from '@siteops/contracts/shared/roles';
import {
  agents,
  alarmChannels,
  alarmRules,
  announcements,
  auditLog,
  broadcastCampaignDevices,
  broadcastCampaigns,
  devices,
  escalationChains,
  projectMembers,
  projects,
  users,
  visitors,
  type UserRow,
} from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { notFoundOf } from '../core/errors.ts';

/** Who is asking, as far as data scope is concerned. */
export interface Caller {
  id: number;
  role: Role;
  agentId: number | null;
}

export const callerOf = (user: Pick<UserRow, 'id' | 'role' | 'agentId'>): Caller => ({
  id: user.id,
  role: user.role as Role,
  agentId: user.agentId,
});

const NOTHING = sql`false`;

/** Ids of the projects `managerId` manages. */
const managedProjectIds = (managerId: number) =>
  sql`select ${projectMembers.projectId} from ${projectMembers} where ${projectMembers.userId} = ${managerId} and ${projectMembers.role} = 'manager'`;

/** Ids of the users who belong to a project `managerId` manages. */
const managedUserIds = (managerId: number) =>
  sql`select pm_u.user_id from ${projectMembers} pm_u where pm_u.project_id in (${managedProjectIds(managerId)})`;

/**
 * A scope rule given role by role: admin sees everything; an agent sees what `agent` keeps of its agent
 * (nothing when it has none); a manager what `manager` keeps of the projects it manages; a user what
 * `user` keeps. A role the rule leaves out sees nothing.
 */
function byRole(
  c: Caller,
  rule: { agent?: (agentId: number) => SQL; manager?: (managedProjects: SQL) => SQL; user?: () => SQL },
): SQL | undefined {
  switch (c.role) {
    case 'admin':
      return undefined;
    case 'agent':
      return c.agentId !== null && rule.agent ? rule.agent(c.agentId) : NOTHING;
    case 'manager':
      return rule.manager ? rule.manager(managedProjectIds(c.id)) : NOTHING;
    default:
      return rule.user ? rule.user() : NOTHING;
  }
}

/**
 * THE data-scope rule of the API, in one place. Every list, detail and mutation over users, agents
 * and projects (and later devices) adds the condition answered here to its WHERE clause:
 *
 * - admin: everything (no condition);
 * - agent: the rows of its own agent (`agent_id` = the caller's agent);
 * - manager: the rows of the projects it manages (a `project_members` row with role manager);
 * - user: itself.
 *
 * Why one rule and conditions rather than checks after loading: a row outside the scope is never
 * read, so it cannot leak through a forgotten check, and lists, counts and mutations cannot
 * disagree. A row outside the scope answers 404 exactly like a row that does not exist
 * ({@link mustExist}), never 403, so ids cannot be probed for existence across tenants. Role
 * checks (which endpoints a role may call at all) stay in the route's `config.roles`.
 *
 * A condition of `undefined` means "no restriction"; drizzle's `and()` drops it.
 */
export const scope = {
  users(c: Caller): SQL | undefined {
    switch (c.role) {
      case 'admin':
        return undefined;
      case 'agent':
        return c.agentId === null ? eq(users.id, c.id) : eq(users.agentId, c.agentId);
      case 'manager':
        return or(eq(users.id, c.id), sql`${users.id} in (${managedUserIds(c.id)})`);
      default:
        return eq(users.id, c.id);
    }
  },

  agents(c: Caller): SQL | undefined {
    return byRole(c, {
      agent: (agentId) => eq(agents.id, agentId),
      manager: (managed) =>
        sql`${agents.id} in (select p_a.agent_id from ${projects} p_a where p_a.id in (${managed}))`,
    });
  },

  projects(c: Caller): SQL | undefined {
    return byRole(c, {
      agent: (agentId) => eq(projects.agentId, agentId),
      manager: (managed) => sql`${projects.id} in (${managed})`,
      user: () =>
        sql`${projects.id} in (select pm_p.project_id from ${projectMembers} pm_p where pm_p.user_id = ${c.id})`,
    });
  },

  /** Devices: admin all; an agent those of its agent; a manager those of the projects it manages; a user none. */
  devices(c: Caller): SQL | undefined {
    return byRole(c, {
      agent: (agentId) => eq(devices.agentId, agentId),
      manager: (managed) => sql`${devices.projectId} in (${managed})`,
    });
  },

  /**
   * Broadcast campaigns: admin all; anyone else those that have speakers and whose speakers are all
   * in its device scope, so a campaign reaching one device of another tenant is neither listed nor
   * touched (404) nor watched live.
   */
  campaigns(c: Caller): SQL | undefined {
    const inScope = scope.devices(c);
    if (!inScope) return undefined;
    const targets = sql`select 1 from ${broadcastCampaignDevices} join ${devices} on ${devices.id} = ${broadcastCampaignDevices.deviceId}
    where ${broadcastCampaignDevices.campaignId} = ${broadcastCampaigns.id}`;
    return sql`(exists (${targets}) and not exists (${targets} and not coalesce((${inScope}), false)))`;
  },

  /** Visitors: admin all; a manager those of the projects it manages; agents and users none (spec 6). */
  visitors(c: Caller): SQL | undefined {
    return byRole(c, { manager: (managed) => sql`${visitors.projectId} in (${managed})` });
  },

  /**
   * A project's labour register (workers, teams, subcontractors, attendance), by the row's project
   * column: admin all; an agent its agent's projects; a manager the projects it manages; users none.
   */
  labour(c: Caller, projectId: AnyColumn): SQL | undefined {
    return byRole(c, {
      agent: (agentId) => sql`${projectId} in (select l_p.id from ${projects} l_p where l_p.agent_id = ${agentId})`,
      manager: (managed) => sql`${projectId} in (${managed})`,
    });
  },

  /**
   * The device link (live events, commands, remote tunnel, terminal): admin every device; an agent
   * the devices of its agent; managers and users none. Narrower than {@link scope.devices} on purpose:
   * commands act on physical equipment. {@link deviceLinkAllows} is the same rule for a device
   * already in memory (the live-event stream filters thousands of events a second without a query).
   */
  deviceLink(c: Caller): SQL | undefined {
    return byRole(c, { agent: (agentId) => eq(devices.agentId, agentId) });
  },

  /**
   * Announcements a caller may manage (list, edit, delete, publish): admin all; an agent those to its
   * own agent's people; a manager those to the people of a project it manages; users none. The same
   * agent and project rules decide which audiences a writer may address (modules/announcement).
   */
  announcements(c: Caller): SQL | undefined {
    return byRole(c, {
      agent: (agentId) => and(eq(announcements.audience, 'agent'), eq(announcements.audienceAgentId, agentId))!,
      manager: (managed) =>
        and(eq(announcements.audience, 'project'), sql`${announcements.audienceProjectId} in (${managed})`)!,
    });
  },

  /**
   * Alarm rules a caller may see and change: admin all; otherwise a rule on a project or a device the
   * caller's scope holds ({@link scope.projects}, {@link scope.devices}), and for an agent also the rules
   * on its own agent. Fleet rules are the admins'; a manager never sees a whole agent's rules.
   */
  alarmRules(c: Caller): SQL | undefined {
    if (c.role === 'admin') return undefined;
    const onProjects = scope.projects(c) ?? sql`true`;
    const onDevices = scope.devices(c) ?? sql`true`;
    return or(
      c.role === 'agent' && c.agentId !== null
        ? and(eq(alarmRules.scope, 'agent'), eq(alarmRules.agentId, c.agentId))
        : undefined,
      sql`(${alarmRules.scope} = 'project' and ${alarmRules.projectId} in (select ${projects.id} from ${projects} where ${onProjects}))`,
      sql`(${alarmRules.scope} = 'device' and ${alarmRules.deviceId} in (select ${devices.id} from ${devices} where ${onDevices}))`,
    );
  },

  /**
   * Escalation channels (issue 32): admin all; an agent its agent's own channels and its projects';
   * a manager the channels of the projects it manages; users none.
   */
  alarmChannels(c: Caller): SQL | undefined {
    return byRole(c, {
      agent: (agentId) =>
        or(
          and(eq(alarmChannels.scope, 'agent'), eq(alarmChannels.agentId, agentId)),
          sql`(${alarmChannels.scope} = 'project' and ${alarmChannels.projectId} in (select c_p.id from ${projects} c_p where c_p.agent_id = ${agentId}))`,
        )!,
      manager: (managed) => sql`(${alarmChannels.scope} = 'project' and ${alarmChannels.projectId} in (${managed}))`,
    });
  },

  /** Escalation chains, by their project: admin all; an agent its agent's projects'; a manager its projects'. */
  escalationChains(c: Caller): SQL | undefined {
    return byRole(c, {
      agent: (agentId) =>
        sql`${escalationChains.projectId} in (select e_p.id from ${projects} e_p where e_p.agent_id = ${agentId})`,
      manager: (managed) => sql`${escalationChains.projectId} in (${managed})`,
    });
  },

  /**
   * Audit rows about what the caller may see: admin all; an agent the actions of its users and on
   * its agent, users and projects; others their own actions.
   */
  audit(c: Caller): SQL | undefined {
    if (c.role === 'admin') return undefined;
    if (c.role !== 'agent' || c.agentId === null) return eq(auditLog.actorId, c.id);
    const agentUsers = sql`select a_u.id from ${users} a_u where a_u.agent_id = ${c.agentId}`;
    const agentUserIds = sql`select a_u.id::text from ${users} a_u where a_u.agent_id = ${c.agentId}`;
    const agentProjectIds = sql`select a_p.id::text from ${projects} a_p where a_p.agent_id = ${c.agentId}`;
    return or(
      sql`${auditLog.actorId} in (${agentUsers})`,
      and(eq(auditLog.targetType, 'agent'), eq(auditLog.targetId, String(c.agentId))),
      and(eq(auditLog.targetType, 'user'), sql`${auditLog.targetId} in (${agentUserIds})`),
      and(eq(auditLog.targetType, 'project'), sql`${auditLog.targetId} in (${agentProjectIds})`),
    );
  },
};

/** {@link scope.deviceLink} for a device whose owner agent is known: the same rule, without SQL. */
export function deviceLinkAllows(c: Caller, device: { agentId: number | null }): boolean {
  if (c.role === 'admin') return true;
  return c.role === 'agent' && c.agentId !== null && device.agentId === c.agentId;
}

/**
 * Throws the 404 a missing project answers unless `c` sees this one ({@link scope.projects}), so another
 * tenant's ids cannot be probed.
 */
export async function assertSeesProject(db: Db, c: Caller, projectId: number): Promise<void> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), scope.projects(c)));
  if (!row) throw notFoundOf('Project');
}

/**
 * {@link assertSeesProject} for an agent ({@link scope.agents}); with `ownAgent`, the caller's own agent
 * counts as seen even where that rule leaves it out (a manager's or a user's own agent).
 */
export async function assertSeesAgent(db: Db, c: Caller, agentId: number, ownAgent = false): Promise<void> {
  const mine = ownAgent && c.agentId !== null && agentId === c.agentId;
  const [row] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.id, agentId), mine ? undefined : scope.agents(c)));
  if (!row) throw notFoundOf('Agent');
}
