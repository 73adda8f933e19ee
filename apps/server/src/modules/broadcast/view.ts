import { sql } from 'drizzle-orm';
import {
  RUNS_SHOWN,
  type CampaignItem,
  type CampaignRun,
  type OutcomeCounts,
  type PlayOutcome,
} from '@siteops/contracts/broadcast/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { t, type Lang, type MessageKey } from '../../core/messages/index.ts';
import type { Caller } from '../../auth/scope.ts';
import { itemOf } from '../../core/list.ts';
import { loadCampaign, type CampaignRow } from './campaigns.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const zero = (): OutcomeCounts => ({ pending: 0, played: 0, refused: 0, offline: 0 });

interface Summary {
  campaign_id: number;
  devices: number;
  runs: number;
  last_run_id: number | null;
  last_due_at: string | Date | null;
  counts: Partial<OutcomeCounts> | null;
}

/** Per campaign: its speakers, its runs, and its latest run counted by outcome (one query for a page). */
async function summaries(db: Db, ids: number[]): Promise<Map<number, Summary>> {
  if (!ids.length) return new Map();
  const res = await db.execute(sql`
    select c.id as campaign_id,
      (select count(*)::int from broadcast_campaign_devices cd where cd.campaign_id = c.id) as devices,
      (select count(*)::int from broadcast_runs r where r.campaign_id = c.id) as runs,
      last.id as last_run_id, last.due_at as last_due_at,
      (select jsonb_object_agg(o.outcome, o.n) from (
        select outcome, count(*)::int as n from broadcast_outcomes where run_id = last.id group by outcome
      ) o) as counts
    from broadcast_campaigns c
    left join lateral (
      select r.id, r.due_at from broadcast_runs r where r.campaign_id = c.id order by r.id desc limit 1
    ) last on true
    where c.id in ${sql.raw(`(${ids.map(Number).join(',')})`)}`);
  return new Map(rowsOf<Summary>(res).map((s) => [s.campaign_id, s]));
}

export async function toItems(db: Db, rows: CampaignRow[]): Promise<CampaignItem[]> {
  const sums = await summaries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const s = sums.get(r.id);
    return {
      id: r.id,
      name: r.name,
      link: r.link,
      content: r.content,
      voice: r.voice as CampaignItem['voice'],
      volume: r.volume,
      status: r.status as CampaignItem['status'],
      targets: r.targets as CampaignItem['targets'],
      schedule: r.schedule as CampaignItem['schedule'],
      deviceCount: s?.devices ?? 0,
      nextRunAt: iso(r.nextRunAt),
      runCount: s?.runs ?? 0,
      lastRun:
        s?.last_run_id != null
          ? { id: s.last_run_id, dueAt: iso(s.last_due_at)!, counts: { ...zero(), ...s.counts } }
          : null,
      createdAt: iso(r.createdAt)!,
    };
  });
}

/** A stored reason in the reader's language: an RPC error code, `noAnswer`, or the device's own words. */
export function reasonText(code: string | null, text: string | null, lang: Lang): string | null {
  if (code === null) return null;
  if (code === 'offline' || code === 'timeout' || code === 'linkClosed' || code === 'busy') {
    return t(`link.${code}` as MessageKey).render(lang);
  }
  if (code === 'noAnswer') return t('broadcast.noAnswer').render(lang);
  return t('link.deviceSaid', { text: text ?? code }).render(lang);
}

interface OutcomeRow {
  run_id: number;
  due_at: string | Date;
  started_at: string | Date;
  device_id: number;
  sn: string;
  dev_name: string | null;
  outcome: PlayOutcome;
  reason_code: string | null;
  reason_text: string | null;
  play_id: string | null;
  at: string | Date | null;
}

/** The campaign's latest runs, newest first, each with every device's outcome. */
export async function campaignRuns(db: Db, campaignId: number, lang: Lang): Promise<CampaignRun[]> {
  const res = await db.execute(sql`
    select r.id as run_id, r.due_at, r.started_at, o.device_id, d.sn, d.dev_name, o.outcome,
      o.reason_code, o.reason_text, o.play_id, o.at
    from (select * from broadcast_runs where campaign_id = ${campaignId} order by id desc limit ${RUNS_SHOWN}) r
    join broadcast_outcomes o on o.run_id = r.id
    join devices d on d.id = o.device_id
    order by r.id desc, d.dev_name, d.id`);
  const runs = new Map<number, CampaignRun>();
  for (const row of rowsOf<OutcomeRow>(res)) {
    let run = runs.get(row.run_id);
    if (!run) {
      run = { id: row.run_id, dueAt: iso(row.due_at)!, startedAt: iso(row.started_at)!, counts: zero(), devices: [] };
      runs.set(row.run_id, run);
    }
    run.counts[row.outcome] += 1;
    run.devices.push({
      deviceId: row.device_id,
      sn: row.sn,
      devName: row.dev_name,
      outcome: row.outcome,
      reason: reasonText(row.reason_code, row.reason_text, lang),
      playId: row.play_id,
      at: iso(row.at),
    });
  }
  return [...runs.values()];
}

/** One campaign in the caller's scope (404 outside it), as its list row. */
export const campaignItem = async (db: Db, caller: Caller, id: number) =>
  itemOf(await loadCampaign(db, caller, id), (rows) => toItems(db, rows));
