import { and, count, eq } from 'drizzle-orm';
import type { savedViewApi } from '@siteops/contracts/saved-view/api';
import { SAVED_VIEWS_PER_LIST } from '@siteops/contracts/saved-view/schemas';
import { savedViews } from '../../db/schema/index.ts';
import { uniqueOr409 } from '../../db/crud.ts';
import { conflict } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { assertMayShare, sharingColumns } from './service.ts';

/** The unique (owner, list, name) as the form's field. */
export const NAME_TAKEN = { field: 'name', message: t('savedView.nameTaken') };

/** A new view of a list, the caller's; shared only with a project or agent the caller sees. */
export const addSavedView: Handler<typeof savedViewApi.add> = async (c, body) => {
  await assertMayShare(c.db, c.caller, body);
  const [{ n }] = await c.db
    .select({ n: count() })
    .from(savedViews)
    .where(and(eq(savedViews.ownerId, c.user.id), eq(savedViews.tableId, body.tableId)));
  if (n >= SAVED_VIEWS_PER_LIST) throw conflict(t('savedView.tooMany', { max: SAVED_VIEWS_PER_LIST }));
  const [row] = await uniqueOr409(
    () =>
      c.db
        .insert(savedViews)
        .values({
          ownerId: c.user.id,
          tableId: body.tableId,
          name: body.name,
          state: body.state,
          ...sharingColumns(body),
        })
        .returning({ id: savedViews.id }),
    NAME_TAKEN,
  );
  return { id: row.id };
};
