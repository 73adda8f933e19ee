import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { OFFLINE_NOTICE_SECONDS_RANGE } from '@siteops/contracts/constant/schemas';
import type { AlarmRuleScope } from '@siteops/contracts/alarm/schemas';
import { ALARMS_TOPIC } from '@siteops/contracts/live/schemas';
import { serial } from '../../core/rounds.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  alarmRules,
  alarms,
  devices,
  notificationPreferences,
  users,
  type AlarmRuleRow,
  type AlarmValues,
} from '../../db/schema/index.ts';
import type { DeviceEventRecord } from '../../gateway/index.ts';
import type { LivePublisher, Notifier, Recipients } from '../../ports/context.ts';
import { t } from '../../core/messages/index.ts';
import { getConstant } from '../constant/service.ts';
import { eventMatches, eventValues, narrowestOf, SPELL_NEWS_MS, spellStep, type OpenSpell } from './spells.ts';
import { queueActions } from './actions.ts';
import { clearByCondition } from './clearByCondition.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

/** A device as the source rules judge it. */
interface DeviceOfRule {
  id: number;
  type: string;
  agentId: number | null;
  projectId: number | null;
}

/** Whether a rule's scope and type hold the device. */
export function ruleHolds(rule: AlarmRuleRow, d: DeviceOfRule): boolean {
  if (rule.deviceType !== null && rule.deviceType !== d.type) return false;
  switch (rule.scope as AlarmRuleScope) {
    case 'fleet':
      return true;
    case 'agent':
      return rule.agentId !== null && rule.agentId === d.agentId;
    case 'project':
      return rule.projectId !== null && rule.projectId === d.projectId;
    case 'device':
      return rule.deviceId === d.id;
  }
}

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

/**
 * The alarms of the sources other than readings (issue 32): "no data for N minutes" and "offline longer
 * than N minutes", judged by a sweep over the database's state (the devices' last heartbeat and last
 * reading, the open alarms), and device events, judged as they are stored. Nothing is kept in memory: a
 * restart loses nothing, and with several instances sweeping, one open alarm per device and rule (the
 * partial unique index) and guarded updates make each raise, repeat and clear happen once.
 *
 * An offline alarm tells the admins and the device's agent in their message box, and again when the
 * device is back, as the hard-wired notification it replaces did. Those it told are kept on the alarm's
 * `raised` entry (`noticed`), so the project's escalation chain does not tell them again in the message box.
 */
export class SourceAlarms {
  readonly #batches = serial((err) => this.log.warn({ err }, 'alarm rules failed on a batch of events'));

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly live?: LivePublisher,
    private readonly notifications?: Notifier,
  ) {}

  /** Queue a stored batch of events. */
  feedEvents(events: readonly DeviceEventRecord[]): void {
    this.#batches.add(() => this.#judgeEvents(events));
  }

  /** Resolves once every batch queued so far is judged. */
  idle(): Promise<void> {
    return this.#batches.idle();
  }

  /** One sweep of the time-based sources at `now` (ms): offline, no data, event alarms clearing themselves. */
  async sweep(now = Date.now()): Promise<void> {
    const rules = await this.db
      .select()
      .from(alarmRules)
      .where(and(eq(alarmRules.enabled, true), sql`${alarmRules.source}->>'kind' in ('offline', 'noData')`));
    const offline = rules.filter((r) => r.source.kind === 'offline');
    const noData = rules.filter((r) => r.source.kind === 'noData');
    if (offline.length) {
      const defaultMs = (await offlineDefaultSeconds(this.db)) * 1000;
      await this.#sweepSpells('offline', offline, now, (r) =>
        r.source.kind === 'offline' && r.source.minutes !== undefined ? r.source.minutes * 60_000 : defaultMs,
      );
    }
    if (noData.length) {
      await this.#sweepSpells(
        'noData',
        noData,
        now,
        (r) => (r.source.kind === 'noData' ? r.source.minutes : 0) * 60_000,
      );
    }
    await this.#autoClear(now);
  }

  async #sweepSpells(kind: SpellKind, rules: AlarmRuleRow[], now: number, delayOf: (r: AlarmRuleRow) => number) {
    const ruleIds = rules.map((r) => r.id);
    const open = await this.db
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
    const openOf = new Map(open.map((a) => [`${a.deviceId}:${a.ruleId}`, a]));
    // A spell that reached its delay more than a day ago is not news: those devices are not read.
    const oldest = now - Math.max(...rules.map(delayOf)) - SPELL_NEWS_MS;
    const devicesNow = await this.#spellDevices(kind, rules, openIds, oldest);
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
        if (step.clear && alarm) await this.#clearSpell(kind, alarm.id, d, now);
        if (step.repeat && alarm) {
          const minutes = Math.floor((now - d.since!) / 60_000);
          await this.db
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
        if (step.raise) await this.#raiseSpell(kind, rule, d, delay, step.raise.count, now);
      }
    }
  }

  /**
   * The devices a spell source judges: offline (authorised, offline, beaten at least once) or, for no
   * data, every authorised device of the rules' types, with its spell; and those with an open alarm of
   * these rules (so it can clear).
   */
  async #spellDevices(
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
    const res = await this.db.execute(sql`
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
  async #raiseSpell(kind: SpellKind, rule: AlarmRuleRow, d: SpellDevice, delay: number, count: number, now: number) {
    const since = new Date(d.since!);
    const at = new Date(d.since! + delay);
    const first: AlarmValues = { since: since.toISOString(), minutes: Math.round(delay / 60_000) };
    const last: AlarmValues = { since: since.toISOString(), minutes: Math.floor((now - d.since!) / 60_000) };
    // Whom the offline notice tells, kept on the alarm's `raised` entry: the escalation chain's message
    // box does not tell them again (one notice per person; alarm-escalation/sweeper.ts).
    const noticed = kind === 'offline' && this.notifications ? await this.#offlineNoticeRecipients(d) : [];
    const id = await this.#insert(
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
    this.#tell(id, d.id, 'raised');
    if (noticed.length) {
      const sinceText = since.toISOString().slice(0, 19).replace('T', ' ');
      await this.#notifyDevice(d, {
        to: { userIds: noticed },
        level: 'warning',
        title: t('notification.deviceOffline', { name: d.devName || d.sn }),
        body: t('notification.deviceOffline.body', { sn: d.sn, since: sinceText }),
      });
    }
  }

  async #clearSpell(kind: SpellKind, alarmId: number, d: SpellDevice, now: number) {
    if (!(await this.#clear(alarmId, new Date(now), { by: 'condition', source: kind }))) return;
    this.#tell(alarmId, d.id, 'cleared');
    if (kind === 'offline' && d.online) {
      await this.#notifyDevice(d, {
        level: 'success',
        title: t('notification.deviceOnline', { name: d.devName || d.sn }),
        body: t('notification.deviceOnline.body', { sn: d.sn }),
      });
    }
  }

  /** Event alarms whose rule clears them a while after their last event. */
  async #autoClear(now: number) {
    const due = rowsOf<{ id: number; device_id: number }>(
      await this.db.execute(sql`
        select a.id, a.device_id from ${alarms} a join ${alarmRules} r on r.id = a.rule_id
        where a.status = 'active' and r.source->>'kind' = 'event' and r.source->>'autoClearMinutes' is not null
          and a.last_at <= ${new Date(now).toISOString()}::timestamptz
            - make_interval(mins => (r.source->>'autoClearMinutes')::int)`),
    );
    for (const a of due) {
      if (await this.#clear(a.id, new Date(now), { by: 'condition', source: 'event', autoClear: true })) {
        this.#tell(a.id, a.device_id, 'cleared');
      }
    }
  }

  async #judgeEvents(events: readonly DeviceEventRecord[]) {
    const types = [...new Set(events.map((e) => e.type))];
    const rules = await this.db
      .select()
      .from(alarmRules)
      .where(
        and(
          eq(alarmRules.enabled, true),
          inArray(alarmRules.deviceType, types),
          sql`${alarmRules.source}->>'kind' = 'event'`,
        ),
      );
    if (rules.length === 0) return;
    const deviceIds = [...new Set(events.map((e) => e.deviceId))];
    const owners = await this.db
      .select({ id: devices.id, type: devices.type, agentId: devices.agentId, projectId: devices.projectId })
      .from(devices)
      .where(inArray(devices.id, deviceIds));
    const deviceOf = new Map(owners.map((d) => [d.id, d]));
    for (const e of events) {
      const device = deviceOf.get(e.deviceId);
      if (!device) continue;
      const applicable = narrowestOf(
        rules.filter((r) => ruleHolds(r, device) && eventMatches(r.source, e)),
        (r) => (r.source.kind === 'event' ? `${r.source.event}:${r.source.code ?? ''}` : ''),
      );
      const values = eventValues(e, e.picture !== undefined);
      for (const rule of applicable) {
        // A repeat: the open alarm counts the event, unless it is one it counted (sent again) or older.
        const [repeated] = await this.db
          .update(alarms)
          .set({ count: sql`${alarms.count} + 1`, lastValue: values, lastAt: e.at })
          .where(
            and(
              eq(alarms.deviceId, e.deviceId),
              eq(alarms.ruleId, rule.id),
              eq(alarms.status, 'active'),
              sql`${alarms.lastAt} <= ${e.at.toISOString()}::timestamptz`,
              sql`${alarms.lastValue}->>'eventId' <> ${e.id}`,
              sql`${alarms.firstValue}->>'eventId' <> ${e.id}`,
            ),
          )
          .returning({ id: alarms.id });
        if (repeated) continue;
        const id = await this.#insert(
          e.deviceId,
          rule,
          values,
          values,
          e.at,
          e.at,
          1,
          sql`(a.first_value->>'eventId' = ${e.id} or a.last_value->>'eventId' = ${e.id})`,
          { value: values, source: 'event' },
        );
        if (id !== undefined) this.#tell(id, e.deviceId, 'raised');
      }
    }
  }

  /**
   * A new active alarm and its `raised` timeline entry, unless an alarm of the device and rule matching
   * `already` exists (the spell or the event was alarmed) or one is open (the partial unique index: of
   * two instances, one raises). Answers its id, or undefined.
   */
  async #insert(
    deviceId: number,
    rule: AlarmRuleRow,
    first: AlarmValues,
    last: AlarmValues,
    firstAt: Date,
    lastAt: Date,
    count: number,
    already: ReturnType<typeof sql>,
    detail: Record<string, unknown>,
  ): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into ${alarms} (device_id, rule_id, severity, first_value, last_value, first_at, last_at, count)
          select ${deviceId}, ${rule.id}, ${rule.severity}, ${JSON.stringify(first)}::jsonb,
            ${JSON.stringify(last)}::jsonb, ${firstAt.toISOString()}::timestamptz, ${lastAt.toISOString()}::timestamptz, ${count}
          where not exists (
            select 1 from ${alarms} a where a.device_id = ${deviceId} and a.rule_id = ${rule.id} and ${already})
          on conflict do nothing
          returning id`),
      );
      if (!row) return undefined;
      await tx.execute(sql`
        insert into alarm_timeline (alarm_id, kind, at, detail)
        values (${row.id}, 'raised', ${firstAt.toISOString()}::timestamptz,
          ${JSON.stringify({ ...detail, severity: rule.severity })}::jsonb)`);
      await queueActions(tx, row.id, rule.id, 'raised');
      return row.id;
    });
  }

  /** Clears an active alarm; answers whether this call cleared it (another instance may have). */
  #clear(alarmId: number, at: Date, detail: Record<string, unknown>): Promise<boolean> {
    return clearByCondition(this.db, alarmId, at, detail);
  }

  #tell(id: number, deviceId: number, change: 'raised' | 'cleared') {
    this.live?.publish({ topic: ALARMS_TOPIC, type: 'alarm', data: { id, deviceId, change } });
  }

  /**
   * A device notice (offline, back online) to admins and the device's agent (or to `to`, those worked
   * out by {@link #offlineNoticeRecipients}), linking to the device.
   */
  async #notifyDevice(
    d: SpellDevice,
    notice: {
      to?: Recipients;
      level: 'warning' | 'success';
      title: ReturnType<typeof t>;
      body: ReturnType<typeof t>;
    },
  ) {
    await this.notifications?.notify({
      to: { roles: ['admin'], agentUsersOf: d.agentId },
      tab: 'message',
      kind: 'device',
      ...notice,
      link: `/device/device-list?sn=${encodeURIComponent(d.sn)}`,
    });
  }

  /**
   * The users a device's offline notice reaches: the enabled admins and users of the device's agent who
   * have not turned device notices off in the console (as the message box would choose them).
   */
  async #offlineNoticeRecipients(d: SpellDevice): Promise<number[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          ne(users.enabled, 'disable'),
          or(
            eq(users.role, 'admin'),
            d.agentId === null ? undefined : and(eq(users.role, 'agent'), eq(users.agentId, d.agentId)),
          ),
          sql`not exists (select 1 from ${notificationPreferences} p
            where p.user_id = ${users.id} and p.kind = 'device' and p.console = false)`,
        ),
      )
      .orderBy(users.id);
    return rows.map((r) => r.id);
  }
}

/** When a spell reached its `count`th period. */
function lastPeriodAt(since: number, delay: number, count: number): number {
  return since + delay + (count - 1) * Math.max(delay, 60_000);
}
