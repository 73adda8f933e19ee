import { sql } from 'drizzle-orm';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import type { LivePresence } from '@siteops/contracts/live/schemas';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { devices } from '../db/schema/index.ts';
import type { PresenceRecord, PresenceSink } from './index.ts';
import { asJson } from './store-json.ts';

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
