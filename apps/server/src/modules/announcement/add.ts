import type { announcementApi } from '@siteops/contracts/announcement/api';
import { announcements } from '../../db/schema/index.ts';
import { insertAudited } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { changeSet } from '../audit/record.ts';
import { assertMayAddress, audienceColumns } from './service.ts';

/** A new draft, to an audience the caller may address. */
export const addAnnouncement: Handler<typeof announcementApi.add> = async (c, body) => {
  await assertMayAddress(c.db, c.caller, body);
  return insertAudited(c.db, {
    table: announcements,
    values: { ...body, ...audienceColumns(body), createdBy: c.user.id },
    audit: { record: c.audit, action: 'announcement.add', targetType: 'announcement', detail: changeSet(body) },
  });
};
