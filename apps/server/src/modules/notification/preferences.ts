import { eq } from 'drizzle-orm';
import type { notificationApi } from '@siteops/contracts/notification/api';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from '@siteops/contracts/notification/schemas';
import type { ModuleContext } from '../../ports/context.ts';
import { notificationPreferences, userSecurity } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';

/**
 * Email goes out only where SMTP_URL is set (email.ts) and to a bound security email; the console greys
 * the switches out with a note saying which is missing. The choice is kept either way.
 */
export async function preferencesOf(ctx: ModuleContext, userId: number): Promise<NotificationPreferences> {
  const { db } = ctx;
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const byKind = new Map(rows.map((r) => [r.kind as NotificationKind, r]));
  const [security] = await db
    .select({ email: userSecurity.email })
    .from(userSecurity)
    .where(eq(userSecurity.userId, userId));
  return {
    emailAvailable: ctx.config.securityCodes.smtpUrl !== undefined,
    emailBound: Boolean(security?.email),
    // No row: the default, in the console and not by email.
    preferences: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      console: byKind.get(kind)?.console ?? true,
      email: byKind.get(kind)?.email ?? false,
    })),
  };
}

/** GET /api/notification/preferences: the caller's own, per kind; the notifier honours `console`. */
export const preferences: Handler<typeof notificationApi.preferences> = async (c) => preferencesOf(c, c.user.id);
