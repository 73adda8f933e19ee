import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { savedViewApi } from '@siteops/contracts/saved-view/api';
import { savedViews } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { selectItems, toItem, visibleTo } from './service.ts';

/** Enough for any menu: a user keeps at most 50 of a list, the rest are shared ones. */
const LIST_LIMIT = 200;

/** The caller's views of one list by name, then those shared with it by name. */
export const listSavedViews: Handler<typeof savedViewApi.list> = async (c, { tableId }) => {
  const rows = await selectItems(c.db)
    .where(and(eq(savedViews.tableId, tableId), visibleTo(c.caller)))
    .orderBy(desc(sql`${savedViews.ownerId} = ${c.caller.id}`), asc(savedViews.name), asc(savedViews.id))
    .limit(LIST_LIMIT);
  return rows.map((row) => toItem(row, c.caller));
};
