import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OFFLINE_NOTICE_SECONDS_RANGE } from '@siteops/contracts/constant/schemas';
import type { ModuleContext, NewNotification } from '../../ports/context.ts';
import { repeatRounds } from '../../core/rounds.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { t } from '../../core/messages/index.ts';
import { getConstant } from '../constant/service.ts';

export interface DeviceSweepOptions {
  /** How often devices are looked at (default 10 s; tests shorter). */
  deviceSweepMs?: number;
}

interface DeviceRow {
  id: number;
  sn: string;
  dev_name: string | null;
  agent_id: number | null;
  since?: string | Date;
}

/** `notification.deviceOfflineSeconds` (0-86400, default 300). */
async function offlineSeconds(db: Db): Promise<number> {
  const { min, max, default: fallback } = OFFLINE_NOTICE_SECONDS_RANGE;
  const n = Number(await getConstant(db, 'notification.deviceOfflineSeconds', String(fallback)));
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/**
 * Devices offline for longer than the threshold, claimed in device_offline_notices so each offline
 * spell is reported once whatever the number of instances sweeping. Only spells that began in the
 * last day: a device that has been dark for months is not news after an upgrade or a restore.
 */
async function claimOffline(db: Db, seconds: number): Promise<DeviceRow[]> {
  const res = await db.execute(sql`
    with candidates as (
      select d.id, d.sn, d.dev_name, d.agent_id, d.heartbeat_datetime as since from devices d
      where d.online_status = 'offline' and d.auth_status = 'authorize'
        and d.heartbeat_datetime < now() - make_interval(secs => ${seconds}::float8)
        and d.heartbeat_datetime > now() - make_interval(secs => ${seconds}::float8) - interval '1 day'
    ), claimed as (
      insert into device_offline_notices (device_id, since)
      select id, since from candidates
      on conflict (device_id) do update set since = excluded.since
        where device_offline_notices.since <> excluded.since
      returning device_id
    )
    select c.* from candidates c join claimed on claimed.device_id = c.id`);
  return rowsOf<DeviceRow>(res);
}

/** Devices reported offline that are online again (the notice row goes, so the next spell is news). */
async function claimBackOnline(db: Db): Promise<DeviceRow[]> {
  const res = await db.execute(sql`
    delete from device_offline_notices n using devices d
    where d.id = n.device_id and d.online_status = 'online'
    returning d.id, d.sn, d.dev_name, d.agent_id`);
  return rowsOf<DeviceRow>(res);
}

/**
 * Notifies admins and the device's agent (tab message) when a device has been offline longer than
 * `notification.deviceOfflineSeconds`, and again when it is back. Reads presence from the devices
 * table, which the device link keeps, rather than the link's events: it then works the same on
 * every instance and after a crash. Answers a function that stops it.
 */
export function startDeviceSweep(ctx: ModuleContext, log: FastifyBaseLogger, opts: DeviceSweepOptions = {}) {
  const { db, notifications } = ctx;
  /** A device notice (offline, back online) to admins and the device's agent, linking to the device. */
  const notifyAbout = (d: DeviceRow, notice: Pick<NewNotification, 'level' | 'title' | 'body'>) =>
    notifications.notify({
      to: { roles: ['admin'], agentUsersOf: d.agent_id },
      tab: 'message',
      kind: 'device',
      ...notice,
      link: `/device/device-list?sn=${encodeURIComponent(d.sn)}`,
    });
  const sweep = async () => {
    try {
      const seconds = await offlineSeconds(db);
      for (const d of await claimOffline(db, seconds)) {
        const since = new Date(d.since!).toISOString().slice(0, 19).replace('T', ' ');
        await notifyAbout(d, {
          level: 'warning',
          title: t('notification.deviceOffline', { name: d.dev_name || d.sn }),
          body: t('notification.deviceOffline.body', { sn: d.sn, since }),
        });
      }
      for (const d of await claimBackOnline(db)) {
        await notifyAbout(d, {
          level: 'success',
          title: t('notification.deviceOnline', { name: d.dev_name || d.sn }),
          body: t('notification.deviceOnline.body', { sn: d.sn }),
        });
      }
    } catch (err) {
      log.warn({ err }, 'device notification sweep failed');
    }
  };
  const rounds = repeatRounds(sweep, opts.deviceSweepMs ?? 10_000);
  return () => rounds.stop();
}
