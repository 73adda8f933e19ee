import { and, eq, sql } from 'drizzle-orm';
import type { announcementApi } from '@siteops/contracts/announcement/api';
import { announcements } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import { conflict, mustExist } from '../../core/errors.ts';
import type { Handler } from '../../http/endpoint.ts';
import { t } from '../../core/messages/index.ts';
import { auditChanges, changeSet } from '../audit/record.ts';
import { assertMayAddress, audienceColumns } from './service.ts';

/** Change an announcement in the caller's scope; once published, its audience stays. */
export const updateAnnouncement: Handler<typeof announcementApi.update> = async (c, { id, ...body }) => {
  await c.db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, id), scope.announcements(c.caller)))
      .for('update');
    // Out of scope is a 404 before anything about the new audience is said.
    const row = mustExist(found, 'Announcement');
    await assertMayAddress(tx, c.caller, body);
    const audience = audienceColumns(body);
    const moved = (Object.keys(audience) as (keyof typeof audience)[]).some((k) => audience[k] !== row[k]);
    // Its notices went to the old audience; another one would need another announcement.
    if (row.publishedAt && moved) throw conflict(t('announcement.audienceAfterPublish'), { field: 'audience' });
    const written = { ...body, ...audience, expiresAt: body.expiresAt ?? null };
    await tx
      .update(announcements)
      .set({ ...written, updatedAt: sql`now()` })
      .where(eq(announcements.id, id));
    // The row read above is locked: its values are what this update overwrites.
    const detail = changeSet(body, { title: row.title, changes: auditChanges(row, written) });
    await c.audit({ action: 'announcement.update', targetType: 'announcement', targetId: id, detail }, tx);
  });
  return null;
};
