import { sql } from 'drizzle-orm';
import type { notificationApi } from '@siteops/contracts/notification/api';
import { notificationPreferences } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { preferencesOf } from './preferences.ts';

/** PUT /api/notification/preferences: the caller's own, per kind; answers them as saved. */
export const savePreferences: Handler<typeof notificationApi.savePreferences> = async (c, { preferences }) => {
  await c.db
    .insert(notificationPreferences)
    .values(preferences.map((p) => ({ userId: c.user.id, ...p })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { console: sql`excluded.console`, email: sql`excluded.email` },
    });
  return preferencesOf(c, c.user.id);
};
