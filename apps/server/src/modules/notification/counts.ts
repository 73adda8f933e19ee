import { and, isNull, sql } from 'drizzle-orm';
import type { notificationApi } from '@siteops/contracts/notification/api';
import type { NotificationTab } from '@siteops/contracts/notification/schemas';
import { notifications } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { mine } from './box.ts';

/** The caller's unread notifications, per tab and in all. */
export const unreadCounts: Handler<typeof notificationApi.counts> = async (c) => {
  const rows = await c.db
    .select({ tab: notifications.tab, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(mine(c.user.id), isNull(notifications.readAt)))
    .groupBy(notifications.tab);
  const counts = { message: 0, notice: 0, todo: 0, total: 0 };
  for (const r of rows) {
    if (r.tab in counts) counts[r.tab as NotificationTab] = Number(r.n);
    counts.total += Number(r.n);
  }
  return counts;
};
