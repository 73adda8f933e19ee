import { and, asc, desc } from 'drizzle-orm';
import type { announcementApi } from '@siteops/contracts/announcement/api';
import { announcements } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { addressedTo, inForce, toNotice } from './service.ts';

/** The announcements in force for the caller's audience: pinned first, then newest. */
export const latestAnnouncements: Handler<typeof announcementApi.latest> = async (c, { limit }) => {
  const rows = await c.db
    .select()
    .from(announcements)
    .where(and(inForce(), addressedTo(c.caller)))
    .orderBy(desc(announcements.pinned), desc(announcements.publishedAt), asc(announcements.id))
    .limit(limit);
  return rows.map(toNotice);
};
