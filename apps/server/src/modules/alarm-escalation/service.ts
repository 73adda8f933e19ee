import { and, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  chainItem,
  chainUsingChannel,
  channelItem,
  EscalationStep,
} from '@siteops/contracts/alarm-escalation/schemas';
import type { Caller } from '../../auth/scope.ts';
import { scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { allInScopeOr404, inScopeOr404, loadOr404 } from '../../db/crud.ts';
import {
  agents,
  alarmChannels,
  projects,
  users,
  type AlarmChannelRow,
  type EscalationChainRow,
} from '../../db/schema/index.ts';
import { allFoundOr404, badRequest } from '../../core/errors.ts';
import { iso } from '../../core/list.ts';
import { rowsOf } from '../../db/rows.ts';
import { namesById } from '../../db/namesById.ts';
import { t } from '../../core/messages/index.ts';

type ChannelItem = z.input<typeof channelItem>;
type ChainItem = z.input<typeof chainItem>;
type ChainUsingChannel = z.input<typeof chainUsingChannel>;

/** A channel as the API shows it: its address and secret only as set or not, never their values. */
export const toChannelItem = (
  r: AlarmChannelRow,
  targetName: string | null,
  usedBy: readonly ChainUsingChannel[] = [],
): ChannelItem => ({
  id: r.id,
  name: r.name,
  kind: r.kind as ChannelItem['kind'],
  scope: r.scope as ChannelItem['scope'],
  agentId: r.agentId,
  projectId: r.projectId,
  targetName,
  enabled: r.enabled,
  urlSet: r.url !== null,
  secretSet: r.secret !== null,
  usedBy: usedBy.filter((c) => c.channelIds.includes(r.id)).map((c) => ({ ...c, channelIds: [r.id] })),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export const toChainItem = (r: EscalationChainRow, projectName: string | null): ChainItem => ({
  id: r.id,
  projectId: r.projectId,
  projectName,
  name: r.name,
  enabled: r.enabled,
  severities: r.severities as ChainItem['severities'],
  repeatMinutes: r.repeatMinutes,
  steps: r.steps.map((s) => ({ ...s, roles: s.roles as ChainItem['steps'][number]['roles'] })),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** The channel with this id in the caller's scope, or its 404. */
export const channelOr404 = (db: Db, caller: Caller, id: number) =>
  loadOr404<typeof alarmChannels>(db, {
    table: alarmChannels,
    idColumn: alarmChannels.id,
    id,
    scope: scope.alarmChannels(caller),
    what: 'AlarmChannel',
  });

/** The project in the caller's scope (404 outside it), with its agent. */
export const projectOr404 = (db: Db, caller: Caller, id: number) =>
  loadOr404<typeof projects, { id: number; name: string; agentId: number | null }>(db, {
    table: projects,
    idColumn: projects.id,
    id,
    scope: scope.projects(caller),
    what: 'Project',
    select: { id: projects.id, name: projects.name, agentId: projects.agentId },
  });

/** The agent in the caller's scope (404 outside it). */
export const agentOr404 = (db: Db, caller: Caller, id: number) =>
  inScopeOr404(db, { table: agents, id, scope: scope.agents(caller), what: 'Agent' });

/**
 * A chain's steps may name only people in the caller's scope (404 otherwise) and channels the caller
 * may see or the chain already uses (404 otherwise) that serve the chain's project: the project's own
 * or its agent's (400 otherwise).
 */
export async function checkStepTargets(
  db: Db,
  caller: Caller,
  project: { id: number; agentId: number | null },
  steps: readonly EscalationStep[],
  alreadyUsed: readonly number[] = [],
): Promise<void> {
  const userIds = [...new Set(steps.flatMap((s) => s.userIds))];
  if (userIds.length) {
    await allInScopeOr404(db, { table: users, ids: userIds, scope: scope.users(caller), what: 'User' });
  }
  const channelIds = [...new Set(steps.flatMap((s) => s.channelIds))];
  const visible: SQL | undefined = alreadyUsed.length
    ? or(scope.alarmChannels(caller), inArray(alarmChannels.id, [...alreadyUsed]))
    : scope.alarmChannels(caller);
  const found = await db
    .select({ id: alarmChannels.id, projectId: alarmChannels.projectId, agentId: alarmChannels.agentId })
    .from(alarmChannels)
    .where(and(inArray(alarmChannels.id, channelIds), visible));
  allFoundOr404('AlarmChannel', channelIds, found);
  const foreign = found.filter(
    (c) => c.projectId !== project.id && (project.agentId === null || c.agentId !== project.agentId),
  );
  if (foreign.length) {
    const ids = foreign.map((c) => c.id).join(', ');
    throw badRequest(t('escalation.channelNotForProject', { ids }), {
      steps: t('escalation.channelNotForProject', { ids }),
    });
  }
}

/** Each channel's target name (its agent's or its project's, by its scope), read for all `rows` at once. */
export async function channelTargetNames(
  db: Db,
  rows: readonly AlarmChannelRow[],
): Promise<(r: AlarmChannelRow) => string | null> {
  const [projectNames, agentNames] = await Promise.all([
    namesById(db, projects, rows, (r) => r.projectId),
    namesById(db, agents, rows, (r) => r.agentId),
  ]);
  return (r) => (r.scope === 'agent' ? agentNames.get(r.agentId) : projectNames.get(r.projectId)) ?? null;
}

/** The chains whose steps use any of `channelIds`, by project and name, each with the ones it uses. */
export async function chainsUsing(db: Db, channelIds: readonly number[]): Promise<ChainUsingChannel[]> {
  if (!channelIds.length) return [];
  const wanted = sql.join(
    [...new Set(channelIds)].map((id) => sql`${id}::int`),
    sql`, `,
  );
  const res = await db.execute(sql`
    select c.id, c.name, c.project_id, p.name as project_name,
      array(select distinct (u.v)::int from jsonb_array_elements(c.steps) s,
              jsonb_array_elements_text(s -> 'channelIds') u(v)
            where (u.v)::int in (${wanted}) order by 1) as channel_ids
    from escalation_chains c join projects p on p.id = c.project_id
    where exists (select 1 from jsonb_array_elements(c.steps) s, jsonb_array_elements_text(s -> 'channelIds') u(v)
                  where (u.v)::int in (${wanted}))
    order by p.name, c.name, c.id`);
  return rowsOf<{ id: number; name: string; project_id: number; project_name: string; channel_ids: number[] }>(res).map(
    (r) => ({
      id: Number(r.id),
      name: r.name,
      projectId: Number(r.project_id),
      projectName: r.project_name,
      channelIds: r.channel_ids.map(Number),
    }),
  );
}

/** An alarm rule whose webhook action calls one of the channels asked about. */
export interface RuleUsingChannel {
  id: number;
  name: string;
  channelIds: number[];
}

/**
 * The alarm rules whose linked actions call any of these channels: deleting such a channel would leave
 * the action failing with "channel gone" on every alarm, so the delete is refused while one does.
 */
export async function rulesUsing(db: Db, channelIds: readonly number[]): Promise<RuleUsingChannel[]> {
  if (!channelIds.length) return [];
  const wanted = sql.join(
    [...new Set(channelIds)].map((id) => sql`${id}::int`),
    sql`, `,
  );
  const calls = sql`jsonb_array_elements(r.actions) a where a ->> 'kind' = 'webhook' and (a ->> 'channelId')::int in (${wanted})`;
  const res = await db.execute(sql`
    select r.id, r.name, array(select distinct (a ->> 'channelId')::int from ${calls} order by 1) as channel_ids
    from alarm_rules r
    where exists (select 1 from ${calls})
    order by r.name, r.id`);
  return rowsOf<{ id: number; name: string; channel_ids: number[] }>(res).map((r) => ({
    id: Number(r.id),
    name: r.name,
    channelIds: r.channel_ids.map(Number),
  }));
}
