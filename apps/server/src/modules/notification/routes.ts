import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notificationApi } from '@siteops/contracts/notification/api';
import type {
  NotificationItem,
  NotificationKind,
  NotificationLevel,
  NotificationTab,
} from '@siteops/contracts/notification/schemas';
import type { ModuleContext } from '../../ports/context.ts';
import { listTable } from '../../db/crud.ts';
import { notifications, type NotificationRow } from '../../db/schema/index.ts';
import { notFoundOf, mustExist } from '../../core/errors.ts';
import { route } from '../../http/endpoint.ts';
import type { Lang } from '../../core/messages/index.ts';
import { renderStored } from './texts.ts';
import { startDeviceSweep, type DeviceSweepOptions } from './deviceSweep.ts';
import { keywordWhere } from './search.ts';
import { registerPreferenceRoutes } from './preferences.ts';
import { startRetention } from './retention.ts';

const toItem = (row: NotificationRow, lang: Lang): NotificationItem => ({
  id: row.id,
  tab: row.tab as NotificationTab,
  kind: row.kind as NotificationKind | null,
  level: row.level as NotificationLevel,
  title: renderStored(row.title, lang),
  body: row.body ? renderStored(row.body, lang) : null,
  link: row.link,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * /api/notification/*: the caller's own message box. The scope is the caller, for every role: an
 * admin does not read other users' notifications either, and another user's id answers 404.
 * Marking read is not audited: it changes nothing but the reader's own view.
 */
export function registerNotificationModule(app: FastifyInstance, ctx: ModuleContext, opts: DeviceSweepOptions = {}) {
  const { db } = ctx;
  const mine = (userId: number) => eq(notifications.userId, userId);

  route(app, ctx, notificationApi.listAll, async (c, q) =>
    listTable(db, q, {
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
    }),
  );

  route(app, ctx, notificationApi.counts, async (c) => {
    const rows = await db
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
  });

  route(app, ctx, notificationApi.read, async (c, { id }) => {
    const rows = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), mine(c.user.id)))
      .returning({ id: notifications.id });
    mustExist(rows[0], 'Notification');
    return null;
  });

  route(app, ctx, notificationApi.readAll, async (c, { tab }) => {
    const rows = await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(mine(c.user.id), isNull(notifications.readAt), tab && eq(notifications.tab, tab)))
      .returning({ id: notifications.id });
    return { updated: rows.length };
  });

  route(app, ctx, notificationApi.delete, async (c, { ids }) =>
    db.transaction(async (tx) => {
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
    }),
  );

  registerPreferenceRoutes(app, ctx);

  const stop = startDeviceSweep(ctx, app.log, opts);
  const stopRetention = startRetention(ctx, app.log);
  app.addHook('preClose', async () => {
    stopRetention();
    await stop();
  });
}
