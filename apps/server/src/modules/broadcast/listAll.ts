import { and, desc } from 'drizzle-orm';
import type { broadcastApi } from '@siteops/contracts/broadcast/api';
import { broadcastCampaigns } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { readPage } from '../../http/readPage.ts';
import { contains, countAll, equalFilters } from '../../core/list.ts';
import { inSnapshot } from '../../db/snapshot.ts';
import { toItems } from './view.ts';

/** Campaigns in the caller's scope, newest first, by name and status; paged. */
export const listCampaigns: Handler<typeof broadcastApi.listAll> = async (c, q) => {
  const where = and(
    scope.campaigns(c.caller),
    contains(broadcastCampaigns.name, q.name),
    ...equalFilters(broadcastCampaigns, q, ['status']),
  );
  // One snapshot: the campaigns and their run counts (a run and its campaign's next time move together).
  return inSnapshot(c.db, async (db) => {
    const { rows, total } = await readPage(
      q,
      db
        .select()
        .from(broadcastCampaigns)
        .where(where)
        .orderBy(desc(broadcastCampaigns.createdAt), desc(broadcastCampaigns.id)),
      db.select({ total: countAll }).from(broadcastCampaigns).where(where),
    );
    return { list: await toItems(db, rows), total, page: q.page, pageSize: q.pageSize };
  });
};
