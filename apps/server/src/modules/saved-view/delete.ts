import { and, inArray } from 'drizzle-orm';
import type { savedViewApi } from '@siteops/contracts/saved-view/api';
import { savedViews } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { visibleTo } from './service.ts';

/**
 * Delete views, all or none: the caller's own, or as an admin any. An id the caller does not see is a
 * 404 naming the ids; a view shared with it by someone else a 403.
 */
export const deleteSavedViews: Handler<typeof savedViewApi.delete> = async (c, { ids }) => {
  const wanted = [...new Set(ids)];
  const admin = c.caller.role === 'admin';
  return c.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: savedViews.id, ownerId: savedViews.ownerId })
      .from(savedViews)
      .where(and(inArray(savedViews.id, wanted), admin ? undefined : visibleTo(c.caller)))
      .for('update');
    const found = new Set(rows.map((r) => r.id));
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length) throw notFound(t('savedView.notFoundIds', { ids: missing }));
    if (!admin && rows.some((r) => r.ownerId !== c.user.id)) throw forbidden(t('savedView.notOwner'));
    await tx.delete(savedViews).where(inArray(savedViews.id, wanted));
    return { deleted: wanted.length };
  });
};
