import { createHash, timingSafeEqual } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { normalizeMac, type DeviceType } from '@siteops/contracts/device-protocol';
import type { LivePresence } from '@siteops/contracts/live/schemas';
import type { Db } from '../db/client.ts';
import { affectedOf, rowsOf } from '../db/rows.ts';
import { LATEST_FLAGS, LATEST_TIMES, devices } from '../db/schema/index.ts';
import { secretMatches } from '../crypto/deviceSecret.ts';
import {
  type AuthMeta,
  type AuthResult,
  type DeviceDirectory,
  type PresenceRecord,
  type PresenceSink,
  type TelemetryBatch,
  type TelemetrySink,
} from './index.ts';

/** A refusal worth a person's attention (the device link's module notifies admins of it). */
export interface Refusal {
  sn: string;
  mac: string;
  /** First contact of a serial number the registry did not know: it now waits for authorisation. */
  firstContact?: boolean;
  /** `hj212UnknownMn`: an HJ 212 monitor whose MN no device has (`sn` is then the MN); `hj212BadPw`: its PW is wrong. */
  reason?: 'badSecret' | 'expired' | 'mismatch' | 'hj212UnknownMn' | 'hj212BadPw';
  deviceName?: string | null;
  agentId?: number | null;
}

/** Constant-time comparison of two short texts (an HJ 212 password). */
function equalText(a: string, b: string): boolean {
  const x = createHash('sha256').update(a, 'utf8').digest();
  const y = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(x, y);
}

/** Rows handed to PostgreSQL as one JSON parameter: one statement, whatever the batch size (no 65,535-parameter limit). */
const asJson = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * Who may link, from the devices table (the registry owns its rows; the grant endpoint writes
 * `secret_hash` and `licence_expires_at`). The order of the checks is the protocol's (section 1.1).
 */
export class DbDeviceDirectory implements DeviceDirectory {
  constructor(
    private readonly db: Db,
    /** Told of refusals a person can act on (refusals.ts); not awaited by the handshake. */
    private readonly onRefused: (r: Refusal) => void = () => {},
    /** The stored HJ 212 password (`devices.hj212_pw`, encrypted) in clear; absent: HJ 212 links are refused. */
    private readonly hj212Pw?: (stored: string) => string,
  ) {}

  /** The device a handshake names (by SN, or by MN for HJ 212), with what the handshake's checks read. */
  private async deviceOf(where: SQL) {
    const [row] = await this.db
      .select({
        id: devices.id,
        sn: devices.sn,
        type: devices.type,
        mac: devices.mac,
        authStatus: devices.authStatus,
        allow: devices.allow,
        secretHash: devices.secretHash,
        hj212Pw: devices.hj212Pw,
        licenceExpiresAt: devices.licenceExpiresAt,
        devName: devices.devName,
        agentId: devices.agentId,
      })
      .from(devices)
      .where(where)
      .limit(1);
    return row;
  }

  async authenticateHj212(mn: string, pw: string, _meta: { ip: string }): Promise<AuthResult> {
    const row = await this.deviceOf(eq(devices.hj212Mn, mn));
    if (!row) {
      this.onRefused({ sn: mn, mac: '', reason: 'hj212UnknownMn', deviceName: `MN ${mn}` });
      return { ok: false, reason: 'unknown', message: 'No device has this MN' };
    }
    if (row.authStatus === 'unknown') return { ok: false, reason: 'unknown' };
    if (row.authStatus === 'forbidden' || !row.allow) return { ok: false, reason: 'forbidden' };
    const refuse = (reason: 'hj212BadPw' | 'expired' | 'mismatch', as: 'badSecret' | 'expired' | 'mismatch') => {
      const who = { sn: row.sn, mac: row.mac ?? '', deviceName: row.devName, agentId: row.agentId };
      this.onRefused({ ...who, reason });
      return { ok: false as const, reason: as };
    };
    if (!row.hj212Pw || !this.hj212Pw || !equalText(this.hj212Pw(row.hj212Pw), pw)) {
      return refuse('hj212BadPw', 'badSecret');
    }
    if (row.licenceExpiresAt && row.licenceExpiresAt.getTime() <= Date.now()) return refuse('expired', 'expired');
    if (row.type !== 'dust') return refuse('mismatch', 'mismatch');
    return { ok: true, deviceId: row.id, type: 'dust', licenceExpiresAt: row.licenceExpiresAt };
  }

  async authenticate(sn: string, mac: string, secret: string, meta: AuthMeta): Promise<AuthResult> {
    const row = await this.deviceOf(eq(devices.sn, sn));
    if (!row) {
      // Recorded for an admin to authorise. A MAC already used by another row is not recorded twice.
      const [recorded] = await this.db
        .insert(devices)
        .values({
          sn,
          mac: normalizeMac(mac),
          type: meta.type,
          ip: meta.ip,
          frpcVer: meta.versions.frpcVer,
          devVer: meta.versions.devVer,
          version: meta.versions.version,
          authStatus: 'unknown',
          onlineStatus: 'offline',
        })
        .onConflictDoNothing()
        .returning({ id: devices.id });
      if (recorded) this.onRefused({ sn, mac: normalizeMac(mac), firstContact: true });
      return { ok: false, reason: 'unknown' };
    }
    if (row.authStatus === 'unknown') return { ok: false, reason: 'unknown' };
    if (row.authStatus === 'forbidden' || !row.allow) return { ok: false, reason: 'forbidden' };
    const refuse = (reason: 'badSecret' | 'expired' | 'mismatch'): AuthResult => {
      this.onRefused({ sn, mac: normalizeMac(mac), reason, deviceName: row.devName, agentId: row.agentId });
      return { ok: false, reason };
    };
    if (!secretMatches(secret, row.secretHash)) return refuse('badSecret');
    if (row.licenceExpiresAt && row.licenceExpiresAt.getTime() <= Date.now()) return refuse('expired');
    if ((row.mac && row.mac !== normalizeMac(mac)) || row.type !== meta.type) return refuse('mismatch');
    return { ok: true, deviceId: row.id, type: row.type as DeviceType, licenceExpiresAt: row.licenceExpiresAt };
  }
}

/**
 * Presence into devices (online_status, heartbeat_datetime, ip, versions): ONE UPDATE per flush.
 * The guard on heartbeat_datetime keeps an older state (a slow instance, a late flush) from
 * overwriting a newer one written by another instance.
 */
export class DbPresenceSink implements PresenceSink {
  /** How many statements were run (tests check one per batch). */
  statements = 0;
  constructor(private readonly db: Db) {}

  async flush(batch: PresenceRecord[]) {
    if (batch.length === 0) return;
    const rows = batch.map((r) => ({
      id: r.deviceId,
      status: r.online ? 'online' : 'offline',
      hb: r.heartbeatAt.toISOString(),
      ip: r.ip || null,
      tr: r.transport,
      frpc: r.versions.frpcVer ?? null,
      devv: r.versions.devVer ?? null,
      ver: r.versions.version ?? null,
    }));
    this.statements++;
    await this.db.execute(sql`
      update ${devices} d set
        online_status = v.status,
        heartbeat_datetime = v.hb,
        ip = coalesce(v.ip, d.ip),
        transport = coalesce(v.tr, d.transport),
        frpc_ver = coalesce(v.frpc, d.frpc_ver),
        dev_ver = coalesce(v.devv, d.dev_ver),
        version = coalesce(v.ver, d.version)
      from jsonb_to_recordset(${asJson(rows)})
        as v(id int, status text, hb timestamptz, ip text, tr text, frpc text, devv text, ver text)
      where d.id = v.id and (d.heartbeat_datetime is null or d.heartbeat_datetime <= v.hb)`);
  }
}

/**
 * Readings and events: the time series (one INSERT), the latest values merged into devices.latest
 * (one UPDATE) and the events (one INSERT, duplicates by id dropped), in one transaction so an
 * acknowledged event is really stored.
 */
export class DbTelemetrySink implements TelemetrySink {
  constructor(private readonly db: Db) {}

  async flush(batch: TelemetryBatch) {
    const { points, latest, events } = batch;
    if (!points.length && !latest.length && !events.length) return;
    await this.db.transaction(async (tx) => {
      if (points.length) {
        const rows = points.map((p) => ({
          device_id: p.deviceId,
          at: p.at.toISOString(),
          data: p.data,
          flags: p.flags ?? null,
        }));
        await tx.execute(sql`
          insert into device_telemetry (device_id, at, data, flags)
          select v.device_id, v.at, v.data, v.flags
          from jsonb_to_recordset(${asJson(rows)}) as v(device_id int, at timestamptz, data jsonb, flags jsonb)`);
      }
      if (latest.length) {
        // Field by field, only where the stored value is not newer: a backlog reading a device sends after
        // a reconnect (or a late flush from another instance) never replaces a newer one. Each field's
        // reading time is kept beside the values under LATEST_TIMES (ms since the epoch), and the flags
        // other than N of the latest values under LATEST_FLAGS (a field updated without one loses its old flag;
        // the key is left out while no latest value is flagged).
        const rows = latest.map((l) => ({ id: l.deviceId, data: l.data, times: l.times, flags: l.flags ?? null }));
        await tx.execute(sql`
          update ${devices} d set latest = (
            select (m.merged - ${LATEST_FLAGS}::text)
              || case when m.flags = '{}'::jsonb then '{}'::jsonb else jsonb_build_object(${LATEST_FLAGS}::text, m.flags) end
            from (
              select coalesce(d.latest, '{}'::jsonb) || coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
                  || jsonb_build_object(${LATEST_TIMES}::text, coalesce(d.latest -> ${LATEST_TIMES}::text, '{}'::jsonb)
                    || coalesce(jsonb_object_agg(e.key, v.times -> e.key), '{}'::jsonb)) as merged,
                (coalesce(d.latest -> ${LATEST_FLAGS}::text, '{}'::jsonb) - coalesce(array_agg(e.key), '{}'::text[]))
                  || coalesce(jsonb_object_agg(e.key, v.flags -> e.key) filter (where v.flags ? e.key), '{}'::jsonb)
                  as flags
              from jsonb_each(v.data) e
              where coalesce((d.latest -> ${LATEST_TIMES}::text ->> e.key)::bigint, 0) <= (v.times ->> e.key)::bigint
            ) m)
          from jsonb_to_recordset(${asJson(rows)}) as v(id int, data jsonb, times jsonb, flags jsonb)
          where d.id = v.id`);
      }
      if (events.length) {
        const rows = events.map((e) => ({
          id: e.id,
          device_id: e.deviceId,
          type: e.type,
          kind: e.kind,
          level: e.level,
          at: e.at.toISOString(),
          received_at: e.receivedAt.toISOString(),
          data: e.data,
          picture: e.picture ? e.picture.toString('base64') : null,
        }));
        // (id, at) is the key of the day-partitioned table: an event resent after a reconnect carries both again.
        await tx.execute(sql`
          insert into device_events (id, device_id, type, kind, level, at, received_at, data, picture)
          select v.id, v.device_id, v.type, v.kind, v.level, v.at, v.received_at, v.data, decode(v.picture, 'base64')
          from jsonb_to_recordset(${asJson(rows)})
            as v(id uuid, device_id int, type text, kind text, level text, at timestamptz, received_at timestamptz, data jsonb, picture text)
          on conflict (id, at) do nothing`);
      }
    });
  }
}

/** The tables kept in UTC day partitions (`<table>_pYYYYMMDD` and `<table>_default`; migrations 0045, 0047). */
const DAY_PARTITIONED = ['device_telemetry', 'device_events'] as const;
type DayPartitioned = (typeof DAY_PARTITIONED)[number];

/** How many days ahead the day partitions are made (the hourly job keeps them so). */
const PARTITION_DAYS_AHEAD = 7;

/**
 * A day-partitioned table's rows older than `days`, by whole UTC days: the day partitions wholly before the
 * cutoff are dropped, so a row is kept up to a day past its retention; rows in the default partition go
 * exactly. Answers about how many rows went (a dropped day counts as the planner last estimated it).
 */
async function dropDaysBefore(db: Db, table: DayPartitioned, days: number): Promise<number> {
  const [dropped] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select day_partitions_drop(${table}, now() - make_interval(days => ${days}::int)) as n`),
  );
  return Number(dropped?.n ?? 0);
}

/**
 * Telemetry older than `days` goes, by whole UTC days (dropDaysBefore). HJ 212 monitors' period data goes
 * with it. Answers about how many rows went.
 */
export async function pruneTelemetry(db: Db, days: number): Promise<number> {
  const dropped = await dropDaysBefore(db, 'device_telemetry', days);
  const aggregates = await db.execute(
    sql`delete from hj212_aggregates where at < now() - make_interval(days => ${days}::int)`,
  );
  return dropped + affectedOf(aggregates);
}

/** The day partitions of telemetry and events from yesterday through a week ahead, made where missing. */
export async function ensureDayPartitions(db: Db): Promise<number> {
  let made = 0;
  for (const table of DAY_PARTITIONED) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select day_partitions_ensure(${table},
        (now() at time zone 'UTC')::date - 1, (now() at time zone 'UTC')::date + ${PARTITION_DAYS_AHEAD}::int) as n`),
    );
    made += row?.n ?? 0;
  }
  return made;
}

/** One row of `hj212_aggregates`: a period's statistics of one code, as an HJ 212 monitor computed them. */
export interface Hj212AggregateRow {
  deviceId: number;
  period: 'minute' | 'hour' | 'day';
  at: Date;
  code: string;
  avg: number | null;
  min: number | null;
  max: number | null;
  cou: number | null;
  flag: string | null;
}

/** Rows held at most; beyond, the oldest are dropped (a database down for long). */
const MAX_AGGREGATES_HELD = 200_000;

/**
 * HJ 212 minute/hour/day data into `hj212_aggregates`, batched: one INSERT per flush (default every
 * second), a period sent again replacing the stored one. A failed flush keeps its rows for the next.
 */
export class DbHj212AggregateSink {
  #rows: Hj212AggregateRow[] = [];
  #flushing?: Promise<void>;
  #timer: NodeJS.Timeout;
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void = () => {},
    flushMs = 1_000,
  ) {
    this.#timer = setInterval(() => void this.flush(), flushMs);
    this.#timer.unref();
  }

  add(rows: readonly Hj212AggregateRow[]) {
    this.#rows.push(...rows);
    if (this.#rows.length > MAX_AGGREGATES_HELD) {
      const over = this.#rows.length - MAX_AGGREGATES_HELD;
      this.#rows.splice(0, over);
      this.dropped += over;
    }
  }

  async flush(): Promise<void> {
    if (this.#flushing) return this.#flushing;
    if (this.#rows.length === 0) return;
    const batch = this.#rows.splice(0);
    // The last of each key wins within a batch (ON CONFLICT cannot touch one row twice in a statement).
    const byKey = new Map<string, Hj212AggregateRow>();
    for (const r of batch) byKey.set(`${r.deviceId}|${r.period}|${r.at.getTime()}|${r.code}`, r);
    const rows = [...byKey.values()].map((r) => ({ ...r, at: r.at.toISOString() }));
    this.#flushing = this.db
      .execute(
        sql`
        insert into hj212_aggregates (device_id, period, at, code, avg, min, max, cou, flag)
        select v."deviceId", v.period, v.at, v.code, v.avg, v.min, v.max, v.cou, v.flag
        from jsonb_to_recordset(${asJson(rows)})
          as v("deviceId" int, period text, at timestamptz, code text, avg float8, min float8, max float8, cou float8, flag text)
        on conflict (device_id, period, at, code) do update set
          avg = excluded.avg, min = excluded.min, max = excluded.max, cou = excluded.cou, flag = excluded.flag,
          received_at = now()`,
      )
      .then(
        () => {},
        (err: unknown) => {
          this.#rows.unshift(...batch);
          this.onError(err);
        },
      )
      .finally(() => (this.#flushing = undefined));
    return this.#flushing;
  }

  /** Stop the timer and write what is held. */
  async close() {
    clearInterval(this.#timer);
    await this.#flushing;
    await this.flush();
  }
}

/**
 * Device events (access passes with their face pictures, alarms) older than `days` by the device's time, by
 * whole UTC days (dropDaysBefore): personal data is kept no longer than it is useful, and the table does not
 * grow for ever. Answers about how many rows went.
 */
export async function pruneEvents(db: Db, days: number): Promise<number> {
  return dropDaysBefore(db, 'device_events', days);
}

/**
 * Rows still online whose heartbeat is older than three intervals: their instance crashed (a live
 * link refreshes heartbeat_datetime every flush). Answers the presence of each row it marked offline.
 */
export async function sweepStalePresence(db: Db, heartbeatSeconds: number): Promise<LivePresence[]> {
  const res = await db.execute(sql`
    update ${devices} set online_status = 'offline'
    where online_status = 'online'
      and (heartbeat_datetime is null or heartbeat_datetime < now() - make_interval(secs => ${heartbeatSeconds * 3}::float8))
    returning id, type, heartbeat_datetime`);
  return rowsOf<{ id: number; type: DeviceType; heartbeat_datetime: string | Date | null }>(res).map((r) => ({
    deviceId: Number(r.id),
    type: r.type,
    onlineStatus: 'offline',
    heartbeatDatetime: (r.heartbeat_datetime ? new Date(r.heartbeat_datetime) : new Date()).toISOString(),
    reason: 'stale',
  }));
}

/**
 * Of the devices linked here, those that may no longer link: forbidden, not allowed, back to unknown,
 * licence expired, or deleted since they authenticated. The registry's endpoints change the row; this
 * is how the link learns it without them calling into the gateway.
 */
export async function revokedAmong(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const res = await db.execute(sql`
    select v.id from (select value::int as id from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)) v
      left join ${devices} d on d.id = v.id
    where d.id is null or d.auth_status <> 'authorize' or not d.allow
      or (d.licence_expires_at is not null and d.licence_expires_at <= now())`);
  return rowsOf<{ id: number }>(res).map((r) => Number(r.id));
}
