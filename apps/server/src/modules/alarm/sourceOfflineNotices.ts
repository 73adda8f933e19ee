import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, users } from '../../db/schema/index.ts';
import type { Notifier, Recipients } from '../../ports/context.ts';
import type { t } from '../../core/messages/index.ts';

/*
 * The offline source's notices (sourceSpells.ts): the message-box notice the hard-wired device-offline
 * notification used to send, now sent when an offline alarm is raised and when it clears.
 */

/** The device a notice is about. */
interface NoticeDevice {
  sn: string;
  agentId: number | null;
}

/**
 * A device notice (offline, back online) to admins and the device's agent (or to `to`, those worked
 * out by {@link offlineNoticeRecipients}), linking to the device.
 */
export async function notifyDevice(
  notifications: Notifier | undefined,
  d: NoticeDevice,
  notice: {
    to?: Recipients;
    level: 'warning' | 'success';
    title: ReturnType<typeof t>;
    body: ReturnType<typeof t>;
  },
) {
  await notifications?.notify({
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
export async function offlineNoticeRecipients(db: Db, d: NoticeDevice): Promise<number[]> {
  const rows = await db
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
