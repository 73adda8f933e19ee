import { and, eq, sql } from 'drizzle-orm';
import type { announcementApi } from '@siteops/contracts/announcement/api';
import { announcements } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { conflict, mustExist } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { recipientsOf } from './service.ts';

/** Where a notice of an announcement leads: the Workplace, which opens it. */
export const announcementLink = (id: number) => `/dashboard/workplace?announcement=${id}`;

/**
 * Publish a draft in the caller's scope: stamp it (once: a published one is a 409, so nobody gets the
 * same notice twice; to say it again, write a new one), then one notice per user of its audience, in
 * one INSERT … SELECT that leaves out disabled accounts and users who muted announcements, pushed live
 * to their open tabs. The notices are written after the stamp commits, like every notification: if
 * that failed, the announcement still shows on the Workplace of its audience.
 */
export const publishAnnouncement: Handler<typeof announcementApi.publish> = async (c, { id }) => {
  const row = await c.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ publishedAt: announcements.publishedAt })
      .from(announcements)
      .where(and(eq(announcements.id, id), scope.announcements(c.caller)))
      .for('update');
    if (mustExist(found, 'Announcement').publishedAt) throw conflict(t('announcement.alreadyPublished'));
    const [published] = await tx
      .update(announcements)
      .set({ publishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(announcements.id, id))
      .returning();
    await c.audit(
      { action: 'announcement.publish', targetType: 'announcement', targetId: id, detail: { title: published.title } },
      tx,
    );
    return published;
  });
  const recipients = await c.notifications.notify({
    to: recipientsOf(row),
    tab: 'notice',
    kind: 'announcement',
    level: row.level === 'warning' ? 'warning' : 'info',
    title: t('notification.announcement', { title: row.title }),
    // The writer's own words, the same in every language.
    body: t('text.verbatim', { text: row.body }),
    link: announcementLink(row.id),
  });
  return { recipients, publishedAt: row.publishedAt!.toISOString() };
};
