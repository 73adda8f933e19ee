import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { userApi } from '@siteops/contracts/user/api';
import {
  agents,
  auditLog,
  authPlatforms,
  constants,
  devices,
  projectMembers,
  projects,
  users,
} from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { countAll } from '../../core/list.ts';

const monthStart = sql`date_trunc('month', now())`;

/** "My projects": an agent's are its agent's; anyone else's are those it created or belongs to. */
function myProjectsOf(c: Caller) {
  if (c.role === 'agent' && c.agentId !== null) return eq(projects.agentId, c.agentId);
  return or(
    eq(projects.createdId, c.id),
    sql`exists (select 1 from ${projectMembers} m_p where m_p.project_id = ${projects.id} and m_p.user_id = ${c.id})`,
  );
}

/**
 * "My team": an agent's users; a manager's, the people of the projects it manages; a user's, the
 * people it shares a project with; for an admin, the administrators.
 */
function teamOf(c: Caller) {
  if (c.role === 'agent' || c.role === 'manager') return scope.users(c);
  if (c.role === 'user') {
    return or(
      eq(users.id, c.id),
      sql`${users.id} in (select t_m.user_id from ${projectMembers} t_m where t_m.project_id in (select t_p.project_id from ${projectMembers} t_p where t_p.user_id = ${c.id}))`,
    );
  }
  return eq(users.role, 'admin');
}

/**
 * Site notifications: what someone else did that concerns the caller, read from the audit log
 * (no table of their own): its account changed, disabled, re-enabled or its password reset, and
 * being added to a project or made its manager.
 */
function concernsMe(c: Caller) {
  const me = String(c.id);
  return and(
    or(sql`${auditLog.actorId} is null`, sql`${auditLog.actorId} <> ${c.id}`),
    or(
      and(
        eq(auditLog.targetType, 'user'),
        eq(auditLog.targetId, me),
        inArray(auditLog.action, ['user.add', 'user.update', 'user.disable', 'user.resetPasswd']),
      ),
      and(
        eq(auditLog.action, 'project.addMembers'),
        sql`${auditLog.detail} -> 'values' -> 'added' @> ${JSON.stringify([c.id])}::jsonb`,
      ),
      and(eq(auditLog.action, 'project.addManager'), sql`${auditLog.detail} -> 'values' ->> 'userId' = ${me}`),
    ),
  );
}

/** Who did what to which row: what the activity feed and the notifications both show of an audit entry. */
const AUDIT_ENTRY = {
  id: auditLog.id,
  actorName: auditLog.actorName,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
};

/**
 * What an activity row is about, by name: the row as it is now, else the name the audit detail kept
 * (a deleted row), else nothing — the feed then names only the kind ("user"), never "user #7" or a file id.
 */
const targetName = sql<string | null>`coalesce(case ${auditLog.targetType}
  when 'user' then (select coalesce(nullif(${users.realName}, ''), ${users.userName}) from ${users} where ${users.id}::text = ${auditLog.targetId})
  when 'agent' then (select ${agents.name} from ${agents} where ${agents.id}::text = ${auditLog.targetId})
  when 'project' then (select ${projects.name} from ${projects} where ${projects.id}::text = ${auditLog.targetId})
  when 'device' then (select coalesce(${devices.devName}, ${devices.sn}) from ${devices} where ${devices.id}::text = ${auditLog.targetId})
  when 'platform' then (select ${authPlatforms.platformName} from ${authPlatforms} where ${authPlatforms.id}::text = ${auditLog.targetId})
  when 'constant' then (select ${constants.key} from ${constants} where ${constants.id}::text = ${auditLog.targetId})
  end, ${auditLog.detail}->>'name', ${auditLog.detail}->>'userName', ${auditLog.detail}->>'platformName', ${auditLog.detail}->>'key', ${auditLog.detail}->>'devName')`;

/**
 * The overview (workplace and user-info page), for every role, counted from real data in the
 * caller's scope: users, agents and projects; visits (logins) this month against last month and
 * the change; my projects; my team; the latest activity from the audit log; site notifications.
 * `limit` rows of activity and notifications ("show more"), and whether there are more.
 */
export const overview: Handler<typeof userApi.overview> = async (c, { limit }) => {
  const { db, fileUrls, caller } = c;
  const mine = and(scope.projects(caller), myProjectsOf(caller));
  const memberCount = sql<number>`(select count(*)::int from ${projectMembers} m_c where m_c.project_id = ${projects}.id)`;
  // A project card's fleet: its devices and how many are online now (the project is in scope, so are they).
  // The outer id is written qualified: drizzle renders a column of the only table as a bare "id", which
  // inside this subquery would be the device's own.
  const deviceCounts = sql<{ total: number; online: number }>`(select json_build_object(
    'total', count(*)::int, 'online', (count(*) filter (where d_c.online_status = 'online'))::int)
    from ${devices} d_c where d_c.project_id = ${projects}.id)`;
  const [[u], [a], [p], [m], [visits], myProjects, team, activity, notifications] = await Promise.all([
    db.select({ n: countAll }).from(users).where(scope.users(caller)),
    db.select({ n: countAll }).from(agents).where(scope.agents(caller)),
    db.select({ n: countAll }).from(projects).where(scope.projects(caller)),
    db.select({ n: countAll }).from(projects).where(mine),
    db
      .select({
        thisMonth: sql<number>`count(*) filter (where ${auditLog.createdAt} >= ${monthStart})::int`,
        lastMonth: sql<number>`count(*) filter (where ${auditLog.createdAt} < ${monthStart})::int`,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'user.login'),
          sql`${auditLog.createdAt} >= ${monthStart} - interval '1 month'`,
          scope.audit(caller),
        ),
      ),
    db
      .select({
        id: projects.id,
        name: projects.name,
        code: projects.code,
        createdAt: projects.createdAt,
        memberCount,
        devices: deviceCounts,
      })
      .from(projects)
      .where(mine)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(6),
    db
      .select({
        id: users.id,
        userName: users.userName,
        realName: users.realName,
        avatar: users.avatar,
        role: users.role,
      })
      .from(users)
      .where(teamOf(caller))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(8),
    db
      .select({ ...AUDIT_ENTRY, targetName, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(scope.audit(caller))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit + 1),
    db
      .select({ ...AUDIT_ENTRY, projectName: projects.name, createdAt: auditLog.createdAt })
      .from(auditLog)
      .leftJoin(projects, and(eq(auditLog.targetType, 'project'), sql`${auditLog.targetId} = ${projects.id}::text`))
      .where(concernsMe(caller))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit + 1),
  ]);
  const change =
    visits.lastMonth === 0 ? null : Math.round(((visits.thisMonth - visits.lastMonth) / visits.lastMonth) * 1000) / 10;
  return {
    counts: { users: u.n, agents: a.n, projects: p.n, myProjects: m.n },
    visits: { thisMonth: visits.thisMonth, lastMonth: visits.lastMonth, change },
    myProjects: myProjects.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    team: team.map(({ avatar, ...r }) => ({ ...r, avatarUrl: fileUrls.urlOf(avatar) })),
    activity: activity.slice(0, limit).map(({ targetId, ...r }) => ({
      ...r,
      // A file's id is a capability-like uuid, not something to show.
      targetId: r.targetType === 'file' ? null : targetId,
      createdAt: r.createdAt.toISOString(),
    })),
    notifications: notifications.slice(0, limit).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    more: { activity: activity.length > limit, notifications: notifications.length > limit },
  };
};
