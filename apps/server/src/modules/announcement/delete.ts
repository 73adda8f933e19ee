import type { announcementApi } from '@siteops/contracts/announcement/api';
import { announcements } from '../../db/schema/index.ts';
import { deleteAllOrNone } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';

/** Delete announcements in the caller's scope, all or none: one id outside it is a 404 for the batch. */
export const deleteAnnouncements: Handler<typeof announcementApi.delete> = async (c, { ids }) =>
  deleteAllOrNone(c.db, {
    table: announcements,
    ids,
    scope: scope.announcements(c.caller),
    what: 'Announcement',
    select: { id: announcements.id, title: announcements.title },
    audit: { record: c.audit, action: 'announcement.delete', targetType: 'announcement' },
  });
