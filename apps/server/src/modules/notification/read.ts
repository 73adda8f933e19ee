import { and, eq, sql } from 'drizzle-orm';
import type { notificationApi } from '@siteops/contracts/notification/api';
import { notifications } from '../../db/schema/index.ts';
import { mustExist } from '../../core/errors.ts';
import type { Handler } from '../../http/endpoint.ts';
import { mine } from './box.ts';

/** Mark one of the caller's notifications read (not audited: it changes only the reader's own view). */
export const readNotification: Handler<typeof notificationApi.read> = async (c, { id }) => {
  const rows = await c.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), mine(c.user.id)))
    .returning({ id: notifications.id });
  mustExist(rows[0], 'Notification');
  return null;
};
