import { sql } from 'drizzle-orm';
import type { Notifier } from '../../ports/context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { t } from '../../core/messages/index.ts';
import type { Refusal } from '../../gateway/store-directory.ts';

/** One notice per device and reason per hour: a refused device dials again every few minutes. */
const QUIET_MS = 60 * 60 * 1000;

/**
 * Tells admins (and the device's agent) when the gateway turns a device away for a reason somebody can
 * fix: a new serial number waiting for authorisation (once, when the registry records it), a secret that
 * does not match, an expired licence, a MAC or type that differs from the registration. A device the
 * admin forbade is not news. Repeats are held back per device and reason for an hour: here in memory,
 * and across instances by looking for the last hour's notice of the same device before sending.
 */
export function refusalNotices(db: Db, notifications: Notifier): (r: Refusal) => void {
  const lastSent = new Map<string, number>();
  const link = (sn: string) => `/device/device-list?sn=${encodeURIComponent(sn)}`;

  const sentLately = async (key: string, sn: string) => {
    const res = await db.execute(sql`
      select 1 from notifications
      where created_at > now() - make_interval(secs => ${QUIET_MS / 1000}::float8)
        and title->>'key' = ${key} and title->'params'->>'sn' = ${sn}
      limit 1`);
    return rowsOf(res).length > 0;
  };

  const send = async (r: Refusal) => {
    const key = r.firstContact ? 'notification.deviceNew' : 'notification.deviceRefused';
    const memo = `${r.sn}\u0000${r.reason ?? 'new'}`;
    const now = Date.now();
    if ((lastSent.get(memo) ?? 0) > now - QUIET_MS) return;
    lastSent.set(memo, now);
    if (lastSent.size > 10_000) lastSent.clear();
    if (!r.firstContact && (await sentLately(key, r.sn))) return;
    await notifications.notify({
      to: { roles: ['admin'], agentUsersOf: r.agentId ?? null },
      tab: 'message',
      kind: 'device',
      level: r.firstContact ? 'info' : 'warning',
      title: t(key, { name: r.deviceName || r.sn, sn: r.sn }),
      body: r.firstContact
        ? t('notification.deviceNew.body', { sn: r.sn, mac: r.mac })
        : t(`notification.deviceRefused.${r.reason!}`, { sn: r.sn }),
      link: link(r.sn),
    });
  };

  // The handshake does not wait for the notice; a failure is the notifier's to log.
  return (r) => void send(r).catch(() => {});
}
