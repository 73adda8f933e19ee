import type { notificationApi } from '@siteops/contracts/notification/api';
import { userQuietHours } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { quietHoursOf } from './quietHours.ts';

/**
 * PUT /api/notification/quiet-hours: the caller's own, whatever their role (the path names nobody, so
 * nobody changes another's); answers them as saved. Sends already held keep the end they were given.
 */
export const saveQuietHours: Handler<typeof notificationApi.saveQuietHours> = async (c, q) => {
  const values = { enabled: q.enabled, from: q.from, to: q.to, utcOffsetMinutes: q.utcOffsetMinutes };
  await c.db
    .insert(userQuietHours)
    .values({ userId: c.user.id, ...values })
    .onConflictDoUpdate({ target: userQuietHours.userId, set: { ...values, updatedAt: new Date() } });
  return quietHoursOf(c.db, c.user.id);
};
