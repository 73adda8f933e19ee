import type { FastifyInstance } from 'fastify';
import { notificationApi } from '@siteops/contracts/notification/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { unreadCounts } from './counts.ts';
import { deleteNotifications } from './delete.ts';
import { listNotifications } from './listAll.ts';
import { preferences } from './preferences.ts';
import { quietHours } from './quietHours.ts';
import { readNotification } from './read.ts';
import { readAllNotifications } from './readAll.ts';
import { startRetention } from './retention.ts';
import { savePreferences } from './savePreferences.ts';
import { saveQuietHours } from './saveQuietHours.ts';

/**
 * /api/notification/*: the caller's own message box (box.ts), one handler per declared endpoint.
 * Marking read is not audited: it changes nothing but the reader's own view.
 */
export function registerNotificationModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, notificationApi, {
    listAll: listNotifications,
    counts: unreadCounts,
    read: readNotification,
    readAll: readAllNotifications,
    delete: deleteNotifications,
    preferences,
    savePreferences,
    quietHours,
    saveQuietHours,
  });

  // Device offline and back online: the alarm module's built-in offline rule (modules/alarm/sources.ts).
  const stopRetention = startRetention(ctx, app.log);
  app.addHook('preClose', async () => {
    stopRetention();
  });
}
