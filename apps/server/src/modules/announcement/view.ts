import { and, sql } from 'drizzle-orm';
import type { announcementApi } from '@siteops/contracts/announcement/api';
import { announcements } from '../../db/schema/index.ts';
import { loadOr404 } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { addressedTo, toNotice } from './service.ts';

/** Published for the caller's audience, expired ones included: a notice in the box still opens. */
export const viewAnnouncement: Handler<typeof announcementApi.view> = async (c, { id }) => {
  const row = await loadOr404(c.db, {
    table: announcements,
    idColumn: announcements.id,
    id,
    scope: and(sql`${announcements.publishedAt} is not null`, addressedTo(c.caller)),
    what: 'Announcement',
  });
  return toNotice(row);
};
