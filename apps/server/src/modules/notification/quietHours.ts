import { eq } from 'drizzle-orm';
import type { notificationApi } from '@siteops/contracts/notification/api';
import { DEFAULT_QUIET_HOURS, type QuietHours } from '@siteops/contracts/notification/quiet-hours';
import type { Db } from '../../db/client.ts';
import { userQuietHours } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';

/** A user's quiet hours as saved, or the default (off) when they never set them. */
export async function quietHoursOf(db: Db, userId: number): Promise<QuietHours> {
  const [row] = await db.select().from(userQuietHours).where(eq(userQuietHours.userId, userId));
  return row
    ? { enabled: row.enabled, from: row.from, to: row.to, utcOffsetMinutes: row.utcOffsetMinutes }
    : DEFAULT_QUIET_HOURS;
}

/** GET /api/notification/quiet-hours: the caller's own; the escalation sweep honours them. */
export const quietHours: Handler<typeof notificationApi.quietHours> = async (c) => quietHoursOf(c.db, c.user.id);
