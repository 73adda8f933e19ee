import { and, eq } from 'drizzle-orm';
import type { savedViewApi } from '@siteops/contracts/saved-view/api';
import { savedViews } from '../../db/schema/index.ts';
import { uniqueOr409 } from '../../db/crud.ts';
import { forbidden } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { NAME_TAKEN } from './add.ts';
import { assertMayShare, notFoundView, sharingColumns, visibleTo } from './service.ts';

/**
 * Rename or re-share one of the caller's views, and overwrite what it shows when `state` is sent. A view
 * the caller does not see is a 404; one shared with it by someone else a 403.
 */
export const updateSavedView: Handler<typeof savedViewApi.update> = async (c, { id, name, state, ...sharing }) => {
  const [row] = await c.db
    .select({ ownerId: savedViews.ownerId })
    .from(savedViews)
    .where(and(eq(savedViews.id, id), visibleTo(c.caller)));
  if (!row) throw notFoundView();
  if (row.ownerId !== c.user.id) throw forbidden(t('savedView.notOwner'));
  await assertMayShare(c.db, c.caller, sharing);
  await uniqueOr409(
    () =>
      c.db
        .update(savedViews)
        .set({ name, ...(state && { state }), ...sharingColumns(sharing) })
        .where(and(eq(savedViews.id, id), eq(savedViews.ownerId, c.user.id))),
    NAME_TAKEN,
  );
  return null;
};
