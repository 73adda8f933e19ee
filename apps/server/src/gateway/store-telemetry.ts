import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { LATEST_FLAGS, LATEST_TIMES, devices } from '../db/schema/index.ts';
import type { TelemetryBatch, TelemetrySink } from './index.ts';
import { asJson } from './store-json.ts';

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
