import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notificationApi } from '@siteops/contracts/api/notification';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from '@siteops/contracts/notification';
import type { ModuleContext } from '../../app/context.ts';
import type { Db } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema/index.ts';
import { route } from '../../http/endpoint.ts';

/**
 * No email transport exists yet: the choice is kept for when one does, and the console greys the
 * switches out with a note meanwhile. Nothing is ever sent by email.
 */
const EMAIL_AVAILABLE = false;

async function preferencesOf(db: Db, userId: number): Promise<NotificationPreferences> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const byKind = new Map(rows.map((r) => [r.kind as NotificationKind, r]));
  return {
    emailAvailable: EMAIL_AVAILABLE,
    // No row: the default, in the console and not by email.
    preferences: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      console: byKind.get(kind)?.console ?? true,
      email: byKind.get(kind)?.email ?? false,
    })),
  };
}

/** GET / PUT /api/notification/preferences: the caller's own, per kind; the notifier honours `console`. */
export function registerPreferenceRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  route(app, ctx, notificationApi.preferences, async (c) => preferencesOf(db, c.user.id));

  route(app, ctx, notificationApi.savePreferences, async (c, { preferences }) => {
    await db
      .insert(notificationPreferences)
      .values(preferences.map((p) => ({ userId: c.user.id, ...p })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { console: sql`excluded.console`, email: sql`excluded.email` },
      });
    return preferencesOf(db, c.user.id);
  });
}
