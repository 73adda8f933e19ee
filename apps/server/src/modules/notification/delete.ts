import { and, inArray } from 'drizzle-orm';
import type { notificationApi } from '@siteops/contracts/notification/api';
import { notifications } from '../../db/schema/index.ts';
import { notFoundOf } from '../../core/errors.ts';
import type { Handler } from '../../http/endpoint.ts';
import { mine } from './box.ts';

/** Delete the caller's notifications, all or none. */
export const deleteNotifications: Handler<typeof notificationApi.delete> = async (c, { ids }) =>
  c.db.transaction(async (tx) => {
    const rows = await tx
      .delete(notifications)
      .where(and(mine(c.user.id), inArray(notifications.id, ids)))
      .returning({ id: notifications.id });
    // All or none: an id that is not the caller's (or none at all) undoes the rest.
    if (rows.length !== new Set(ids).size) throw notFoundOf('Notification');
    // A deleted notice may have been the only word someone had of an event: who removed which is kept.
    await c.audit(
      { action: 'notification.delete', targetType: 'notification', targetId: rows.map((r) => r.id).join(',') },
      tx,
    );
    return { deleted: rows.length };
  });
