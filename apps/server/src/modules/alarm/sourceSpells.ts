import { and, eq, inArray, sql } from 'drizzle-orm';
import { OFFLINE_NOTICE_SECONDS_RANGE } from '@siteops/contracts/constant/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { alarmRules, alarms, devices, type AlarmRuleRow, type AlarmValues } from '../../db/schema/index.ts';
import { t } from '../../core/messages/index.ts';
import { getConstant } from '../constant/service.ts';
import { narrowestOf, SPELL_NEWS_MS, spellStep, type OpenSpell } from './spells.ts';
import { clearByCondition } from './clearByCondition.ts';
import { notifyDevice, offlineNoticeRecipients } from './sourceOfflineNotices.ts';
import { insertSourceAlarm, ruleHolds, tellAlarm, type DeviceOfRule, type SourceDeps } from './sourceAlarm.ts';
import { inSnapshot } from '../../db/snapshot.ts';

/*
 * The spell sources (sources.ts): "offline longer than N minutes" and "no data for N minutes". Both judge
 * a spell (since the last heartbeat, since the last reading) against the rule's delay, the same way.
 */

/** `notification.deviceOfflineSeconds` (0-86400, default 300): the built-in offline rule's delay. */
async function offlineDefaultSeconds(db: Db): Promise<number> {
  const { min, max, default: fallback } = OFFLINE_NOTICE_SECONDS_RANGE;
  const n = Number(await getConstant(db, 'notification.deviceOfflineSeconds', String(fallback)));
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

type SpellKind = 'offline' | 'noData';

interface SpellDevice extends DeviceOfRule {
  sn: string;
  devName: string | null;
  /** The current spell's start (ms): the last heartbeat of an offline device, the last reading; null: none. */
  since: number | null;
  online: boolean;
}

/** One sweep of the offline and no-data rules at `now` (ms). */
export async function sweepSpellSources(deps: SourceDeps, now: number) {
  const rules = await deps.db
    .select()
    .from(alarmRules)
    .where(and(eq(alarmRules.enabled, true), sql`${alarmRules.source}->>'kind' in ('offline', 'noData')`));
  const offline = rules.filter((r) => r.source.kind === 'offline');
  const noData = rules.filter((r) => r.source.kind === 'noData');
  if (offline.length) {
    const defaultMs = (await offlineDefaultSeconds(deps.db)) * 1000;
    await sweepSpells(deps, 'offline', offline, now, (r) =>
      r.source.kind === 'offline' && r.source.minutes !== undefined ? r.source.minutes * 60_000 : defaultMs,
    );
  }
  if (noData.length) {
    await sweepSpells(deps, 'noData', noData, now, (r) => (r.source.kind === 'noData' ? r.source.minutes : 0) * 60_000);
  }
}

async function sweepSpells(
  deps: SourceDeps,
  kind: SpellKind,
  rules: AlarmRuleRow[],
  now: number,
  delayOf: (r: AlarmRuleRow) => number,
) {
  const ruleIds = rules.map((r) => r.id);
  // The open alarms and the devices' spells at one moment: an alarm's spell start compared with a device
  // read after a change to both (a spell's alarm and its device moved together) would end the spell.
  const { open, devicesNow } = await inSnapshot(deps.db, async (db) => {
    const open = await db
      .select({
        id: alarms.id,
        deviceId: alarms.deviceId,
        ruleId: alarms.ruleId,
        count: alarms.count,
        first: alarms.firstValue,
      })
      .from(alarms)
      .where(and(eq(alarms.status, 'active'), inArray(alarms.ruleId, ruleIds)));
    const openIds = [...new Set(open.map((a) => a.deviceId))];
    // A spell that reached its delay more than a day ago is not news: those devices are not read.
    const oldest = now - Math.max(...rules.map(delayOf)) - SPELL_NEWS_MS;
    return { open, devicesNow: await spellDevices(db, kind, rules, openIds, oldest) };
  });
  const openOf = new Map(open.map((a) => [`${a.deviceId}:${a.ruleId}`, a]));
  const ruleOf = new Map(rules.map((r) => [r.id, r]));
  for (const d of devicesNow) {
    const applicable = narrowestOf(
      rules.filter((r) => ruleHolds(r, d)),
      () => kind,
    );
    const judged = new Set(applicable.map((r) => r.id));
    for (const a of open) if (a.deviceId === d.id) judged.add(a.ruleId);
    for (const ruleId of judged) {
      const rule = ruleOf.get(ruleId)!;
      const alarm = openOf.get(`${d.id}:${ruleId}`);
      const openSpell: OpenSpell | null = alarm
        ? { since: Date.parse(String(alarm.first.since)), count: alarm.count }
        : null;
      const delay = delayOf(rule);
      const applies = applicable.includes(rule);
      const step = spellStep(applies ? d.since : null, delay, now, openSpell, false);
      if (step.clear && alarm) await clearSpell(deps, kind, alarm.id, d, now);
      if (step.repeat && alarm) {
        const minutes = Math.floor((now - d.since!) / 60_000);
        await deps.db
          .update(alarms)
          .set({
            count: step.repeat.count,
            lastAt: new Date(lastPeriodAt(d.since!, delay, step.repeat.count)),
            lastValue: { since: new Date(d.since!).toISOString(), minutes },
          })
          .where(
            and(eq(alarms.id, alarm.id), eq(alarms.status, 'active'), sql`${alarms.count} < ${step.repeat.count}`),
          );
      }
      if (step.raise) await raiseSpell(deps, kind, rule, d, delay, step.raise.count, now);
    }
  }
}

/**
 * The devices a spell source judges: offline (authorised, offline, beaten at least once) or, for no
 * data, every authorised device of the rules' types, with its spell; and those with an open alarm of
 * these rules (so it can clear).
 */
async function spellDevices(
  db: Db,
  kind: SpellKind,
  rules: AlarmRuleRow[],
  openIds: number[],
  oldest: number,
): Promise<SpellDevice[]> {
  const withOpen = openIds.length
    ? sql`or d.id in (${sql.join(
        openIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  let judged;
  if (kind === 'offline') {
    judged = sql`(d.auth_status = 'authorize' and d.online_status = 'offline'
      and d.heartbeat_datetime > ${new Date(oldest).toISOString()}::timestamptz) ${withOpen}`;
  } else {
    const types = [...new Set(rules.map((r) => r.deviceType).filter((x): x is string => x !== null))];
    const ofTypes = types.length
      ? sql`d.type in (${sql.join(
          types.map((x) => sql`${x}`),
          sql`, `,
        )})`
      : sql`false`;
    judged = sql`(d.auth_status = 'authorize' and ${ofTypes}) ${withOpen}`;
  }
  const res = await db.execute(sql`
    select d.id, d.type, d.agent_id, d.project_id, d.sn, d.dev_name, d.auth_status, d.online_status,
      d.heartbeat_datetime,
      coalesce(
        (select max(e.v::bigint) from jsonb_each_text(d.latest -> '@at') as e(k, v)),
        (extract(epoch from d.addition_datetime) * 1000)::bigint
      ) as last_reading_ms
    from ${devices} d where ${judged}`);
  return rowsOf<{
    id: number;
    type: string;
    agent_id: number | null;
    project_id: number | null;
    sn: string;
    dev_name: string | null;
    auth_status: string;
    online_status: string;
    heartbeat_datetime: string | Date | null;
    last_reading_ms: string | number;
  }>(res).map((r) => {
    const authorised = r.auth_status === 'authorize';
    const offlineSince =
      authorised && r.online_status === 'offline' && r.heartbeat_datetime
        ? new Date(r.heartbeat_datetime).getTime()
        : null;
    return {
      id: r.id,
      type: r.type,
      agentId: r.agent_id,
      projectId: r.project_id,
      sn: r.sn,
      devName: r.dev_name,
      online: r.online_status === 'online',
      since: kind === 'offline' ? offlineSince : authorised ? Number(r.last_reading_ms) : null,
    };
  });
}

/** A spell's alarm, unless one of this rule was raised for the spell already (one instance wins). */
async function raiseSpell(
  deps: SourceDeps,
  kind: SpellKind,
  rule: AlarmRuleRow,
  d: SpellDevice,
  delay: number,
  count: number,
  now: number,
) {
  const since = new Date(d.since!);
  const at = new Date(d.since! + delay);
  const first: AlarmValues = { since: since.toISOString(), minutes: Math.round(delay / 60_000) };
  const last: AlarmValues = { since: since.toISOString(), minutes: Math.floor((now - d.since!) / 60_000) };
  // Whom the offline notice tells, kept on the alarm's `raised` entry: the escalation chain's message
  // box does not tell them again (one notice per person; alarm-escalation/sweeper.ts).
  const noticed = kind === 'offline' && deps.notifications ? await offlineNoticeRecipients(deps.db, d) : [];
  const id = await insertSourceAlarm(
    deps.db,
    d.id,
    rule,
    first,
    last,
    at,
    new Date(lastPeriodAt(d.since!, delay, count)),
    count,
    sql`a.first_at >= ${since.toISOString()}::timestamptz`,
    { value: first, source: kind, ...(noticed.length ? { noticed } : {}) },
  );
  if (id === undefined) return;
  tellAlarm(deps.live, id, d.id, 'raised');
  if (noticed.length) {
    const sinceText = since.toISOString().slice(0, 19).replace('T', ' ');
    await notifyDevice(deps.notifications, d, {
      to: { userIds: noticed },
      level: 'warning',
      title: t('notification.deviceOffline', { name: d.devName || d.sn }),
      body: t('notification.deviceOffline.body', { sn: d.sn, since: sinceText }),
    });
  }
}

async function clearSpell(deps: SourceDeps, kind: SpellKind, alarmId: number, d: SpellDevice, now: number) {
  if (!(await clearByCondition(deps.db, alarmId, new Date(now), { by: 'condition', source: kind }))) return;
  tellAlarm(deps.live, alarmId, d.id, 'cleared');
  if (kind === 'offline' && d.online) {
    await notifyDevice(deps.notifications, d, {
      level: 'success',
      title: t('notification.deviceOnline', { name: d.devName || d.sn }),
      body: t('notification.deviceOnline.body', { sn: d.sn }),
    });
  }
}

/** When a spell reached its `count`th period. */
function lastPeriodAt(since: number, delay: number, count: number): number {
  return since + delay + (count - 1) * Math.max(delay, 60_000);
}
