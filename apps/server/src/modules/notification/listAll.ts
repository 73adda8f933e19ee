import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { notificationApi } from '@siteops/contracts/notification/api';
import { listTable } from '../../db/crud.ts';
import { notifications } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { mine, toItem } from './box.ts';
import { keywordWhere } from './search.ts';

/** The caller's notifications, newest first, filtered by tab, kind, read state and keyword; paged. */
export const listNotifications: Handler<typeof notificationApi.listAll> = async (c, q) =>
  listTable(c.db, q, {
    table: notifications,
    where: and(
      mine(c.user.id),
      q.tab && eq(notifications.tab, q.tab),
      q.kind === 'account' ? isNull(notifications.kind) : q.kind && eq(notifications.kind, q.kind),
      q.unread === true
        ? isNull(notifications.readAt)
        : q.unread === false
          ? isNotNull(notifications.readAt)
          : undefined,
      q.keyword ? keywordWhere(q.keyword, c.lang) : undefined,
    ),
    // Ids grow with time: newest first by the primary key is the creation order, from the (user, tab, id) index.
    sort: { columns: { createdAt: notifications.id }, id: notifications.id, fallback: 'createdAt', order: 'desc' },
    map: (row) => toItem(row, c.lang),
  });
