import { and } from 'drizzle-orm';
import type { announcementApi } from '@siteops/contracts/announcement/api';
import { announcements } from '../../db/schema/index.ts';
import { listTable } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { contains, equalFilters } from '../../core/list.ts';
import { LIST_JOINS, LIST_SELECTION, statusWhere, toItem, type ListRow } from './service.ts';

/** The announcements the caller manages, filtered, sorted and paged. */
export const listAnnouncements: Handler<typeof announcementApi.listAll> = async (c, q) =>
  listTable(c.db, q, {
    table: announcements,
    where: and(
      scope.announcements(c.caller),
      contains(announcements.title, q.title),
      statusWhere(q.status),
      ...equalFilters(announcements, q, ['level', 'audience']),
    ),
    sort: {
      columns: {
        createdAt: announcements.id,
        publishedAt: announcements.publishedAt,
        title: announcements.title,
      },
      id: announcements.id,
      fallback: 'createdAt',
    },
    select: LIST_SELECTION,
    joins: LIST_JOINS,
    map: (row: ListRow) => toItem(row),
  });
