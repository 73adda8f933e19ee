import { sql, type SQL } from 'drizzle-orm';
import type { PresenceDimension, PresencePoint, UptimeRow } from '@siteops/contracts/analytics/schemas';
import type { Db } from '../../db/client.ts';
import { affectedOf, rowsOf } from '../../db/rows.ts';
import { groupsOf } from './rollup.ts';

/**
 * Presence history (decision 0020): every slot (5 minutes unless PRESENCE_SAMPLE_SECONDS says otherwise) the
 * sampler counts each device group's devices and online devices; the analysis adds the samples up per bucket (online rate) and over the range (uptime),
 * for the groups of the caller's scoped devices, exactly as the rollup's group rows are scoped.
 */

export const SLOT_MS = 5 * 60_000;

/** The start of the slot `now` is in. */
export const slotOf = (now: Date, slotMs = SLOT_MS) => new Date(Math.floor(now.getTime() / slotMs) * slotMs);

/**
 * Writes the slot of `now` once: one statement, so the counts are one snapshot, and ON CONFLICT DO NOTHING
 * on the (slot, group) key, so a second call (this instance's next tick, or another instance) in the same
 * slot adds nothing, concurrently too. Answers how many group rows it wrote.
 */
export async function samplePresence(db: Db, now: Date, slotMs = SLOT_MS): Promise<number> {
  const res = await db.execute(sql`insert into presence_samples (slot, agent_id, project_id, type, devices, online)
    select ${slotOf(now, slotMs).toISOString()}::timestamptz, agent_id, project_id, type, count(*)::int,
      (count(*) filter (where online_status = 'online'))::int
    from devices group by agent_id, project_id, type
    on conflict do nothing`);
  return affectedOf(res);
}

/** Samples older than `days` go (ANALYTICS_RETENTION_DAYS, like the rollup); answers how many rows. */
export async function prunePresence(db: Db, days: number): Promise<number> {
  return affectedOf(
    await db.execute(sql`delete from presence_samples where slot < now() - make_interval(days => ${days}::int)`),
  );
}

/** The dimension value and its name of a sample row `ps` (projects `p` and agents `a` joined). */
const DIMENSION: Record<PresenceDimension, { group: SQL; name: SQL }> = {
  deviceType: { group: sql`ps.type`, name: sql`null::text` },
  project: { group: sql`ps.project_id::text`, name: sql`p.name` },
  agent: { group: sql`ps.agent_id::text`, name: sql`a.name` },
};

const pct = sql`round(100.0 * sum(ps.online) / nullif(sum(ps.devices), 0), 1)::float8`;

export interface PresenceRange {
  /** The scoped devices' CTE (`with d as (…)`: id, type, agent_id, project_id). */
  d: SQL;
  /** The bucket start of a timestamp column (fleet.ts bucketing). */
  of: (col: SQL) => SQL;
  from: Date;
  to: Date;
  by: PresenceDimension;
}

/** The online rate per bucket and dimension value, and the uptime per value, over the range. */
export async function presenceSeries(
  db: Db,
  { d, of, from, to, by }: PresenceRange,
): Promise<{ presence: PresencePoint[]; uptime: UptimeRow[] }> {
  const { group, name } = DIMENSION[by];
  const source = sql`from presence_samples ps ${groupsOf('ps')}
      left join projects p on p.id = ps.project_id left join agents a on a.id = ps.agent_id
      where ps.slot >= ${from.toISOString()}::timestamptz and ps.slot < ${to.toISOString()}::timestamptz`;
  const points = rowsOf<{ at: string | Date; grp: string | null; name: string | null; pct: number | null }>(
    await db.execute(sql`${d} select ${of(sql`ps.slot`)} as at, ${group} as grp, ${name} as name, ${pct} as pct
      ${source} group by 1, 2, 3 order by 1, 3 nulls last, 2 nulls last`),
  );
  // Per slot first: a value's device count is its latest slot's, not a sum over the range.
  const uptime = rowsOf<{ grp: string | null; name: string | null; pct: number | null; devices: number }>(
    await db.execute(sql`${d}, per_slot as (select ps.slot, ${group} as grp, ${name} as name,
        sum(ps.devices) as devices, sum(ps.online) as online ${source} group by 1, 2, 3)
      select grp, name, round(100.0 * sum(online) / nullif(sum(devices), 0), 1)::float8 as pct,
        (array_agg(devices order by slot desc))[1]::int as devices
      from per_slot group by 1, 2 order by 2 nulls last, 1 nulls last`),
  );
  return {
    // A bucket or value whose groups had no devices has no rate (0 devices): left out, a gap in its line.
    presence: points
      .filter((r) => r.pct !== null)
      .map((r) => ({ at: new Date(r.at).toISOString(), group: r.grp, groupName: r.name, onlinePct: Number(r.pct) })),
    uptime: uptime
      .filter((r) => r.pct !== null)
      .map((r) => ({ group: r.grp, groupName: r.name, uptimePct: Number(r.pct), devices: Number(r.devices ?? 0) })),
  };
}
