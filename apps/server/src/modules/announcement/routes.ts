import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { announcementApi } from '@siteops/contracts/announcement/api';
import type { ModuleContext } from '../../ports/context.ts';
import { announcements } from '../../db/schema/index.ts';
import { deleteAllOrNone, insertAudited, listTable, loadOr404 } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import { conflict, mustExist } from '../../core/errors.ts';
import { route } from '../../http/endpoint.ts';
import { contains } from '../../core/list.ts';
import { t } from '../../core/messages/index.ts';
import { changeSet } from '../audit/record.ts';
import { publishAnnouncement } from './publish.ts';
import {
  LIST_JOINS,
  LIST_SELECTION,
  addressedTo,
  assertMayAddress,
  audienceColumns,
  inForce,
  statusWhere,
  toItem,
  toNotice,
  type ListRow,
} from './service.ts';

/**
 * /api/announcement/* (declared in contracts' `api/announcement.ts`). Writers manage the announcements
 * of {@link scope.announcements}; readers get those in force whose audience holds them.
 */
export function registerAnnouncementModule(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  route(app, ctx, announcementApi.listAll, async (c, q) =>
    listTable(db, q, {
      table: announcements,
      where: and(
        scope.announcements(c.caller),
        contains(announcements.title, q.title),
        statusWhere(q.status),
        q.level ? eq(announcements.level, q.level) : undefined,
        q.audience ? eq(announcements.audience, q.audience) : undefined,
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
    }),
  );

  route(app, ctx, announcementApi.add, async (c, body) => {
    await assertMayAddress(db, c.caller, body);
    return insertAudited(db, {
      table: announcements,
      values: { ...body, ...audienceColumns(body), createdBy: c.user.id },
      audit: { record: c.audit, action: 'announcement.add', targetType: 'announcement', detail: changeSet(body) },
    });
  });

  route(app, ctx, announcementApi.update, async (c, { id, ...body }) => {
    await db.transaction(async (tx) => {
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
      await tx
        .update(announcements)
        .set({ ...body, ...audience, expiresAt: body.expiresAt ?? null, updatedAt: sql`now()` })
        .where(eq(announcements.id, id));
      const detail = changeSet(body, { title: row.title });
      await c.audit({ action: 'announcement.update', targetType: 'announcement', targetId: id, detail }, tx);
    });
    return null;
  });

  route(app, ctx, announcementApi.delete, async (c, { ids }) =>
    deleteAllOrNone(db, {
      table: announcements,
      ids,
      scope: scope.announcements(c.caller),
      what: 'Announcement',
      select: { id: announcements.id, title: announcements.title },
      audit: { record: c.audit, action: 'announcement.delete', targetType: 'announcement' },
    }),
  );

  route(app, ctx, announcementApi.publish, publishAnnouncement);

  route(app, ctx, announcementApi.latest, async (c, { limit }) => {
    const rows = await db
      .select()
      .from(announcements)
      .where(and(inForce(), addressedTo(c.caller)))
      .orderBy(desc(announcements.pinned), desc(announcements.publishedAt), asc(announcements.id))
      .limit(limit);
    return rows.map(toNotice);
  });

  // Published for the caller's audience, expired ones included: a notice in the box still opens.
  route(app, ctx, announcementApi.view, async (c, { id }) => {
    const row = await loadOr404(db, {
      table: announcements,
      idColumn: announcements.id,
      id,
      scope: and(sql`${announcements.publishedAt} is not null`, addressedTo(c.caller)),
      what: 'Announcement',
    });
    return toNotice(row);
  });
}
