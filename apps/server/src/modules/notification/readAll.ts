import { and, eq, isNull, sql } from 'drizzle-orm';
import type { notificationApi } from '@siteops/contracts/notification/api';
import { notifications } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { mine } from './box.ts';

/** Mark the caller's unread notifications read, of one tab or all (not audited). */
export const readAllNotifications: Handler<typeof notificationApi.readAll> = async (c, { tab }) => {
  const rows = await c.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(mine(c.user.id), isNull(notifications.readAt), tab && eq(notifications.tab, tab)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
};
