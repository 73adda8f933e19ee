import { and, eq, inArray, sql } from 'drizzle-orm';
import type { broadcastApi } from '@siteops/contracts/broadcast/api';
import type { CampaignSchedule, CampaignStatus } from '@siteops/contracts/broadcast/schemas';
import type { Db } from '../../db/client.ts';
import { broadcastCampaigns } from '../../db/schema/index.ts';
import type { Handler, HandlerContext } from '../../http/endpoint.ts';
import { conflict } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { loadCampaign } from './campaigns.ts';
import type { campaignSignals } from './live.ts';
import { nextDailySlot } from './schedule.ts';
import { campaignItem } from './view.ts';

type CampaignSignals = ReturnType<typeof campaignSignals>;

/** Pause, resume or cancel a campaign in the caller's scope, audited; one it does not apply to is a 409 naming its status. */
const action =
  (verb: 'pause' | 'resume' | 'cancel', changed: CampaignSignals) =>
  async (c: HandlerContext, { id }: { id: number }) => {
    const before = await loadCampaign(c.db, c.caller, id);
    const status = await c.db.transaction(async (tx) => {
      const after = await transition(tx, verb, before.id, before.schedule as CampaignSchedule);
      if (!after) return undefined;
      await c.audit(
        { action: `broadcast.${verb}`, targetType: 'campaign', targetId: id, detail: { name: before.name } },
        tx,
      );
      return after;
    });
    if (!status) {
      const now = await loadCampaign(c.db, c.caller, id);
      throw conflict(
        t('broadcast.notOpen', {
          id,
          status: t(`broadcast.status.${now.status as 'scheduled'}`),
          action: t(`broadcast.action.${verb}`),
        }),
        { status: now.status },
      );
    }
    changed(id, { status });
    return campaignItem(c.db, c.caller, id);
  };

export const pause = (changed: CampaignSignals): Handler<typeof broadcastApi.pause> => action('pause', changed);
export const resume = (changed: CampaignSignals): Handler<typeof broadcastApi.resume> => action('resume', changed);
export const cancel = (changed: CampaignSignals): Handler<typeof broadcastApi.cancel> => action('cancel', changed);

/**
 * One status change, only from the statuses it applies to (the UPDATE's WHERE decides, so two
 * concurrent clicks cannot both win): the new status, or undefined when it did not apply. A daily
 * campaign resumed after its next time goes on from now.
 */
async function transition(
  tx: Db,
  verb: 'pause' | 'resume' | 'cancel',
  id: number,
  schedule: CampaignSchedule,
): Promise<CampaignStatus | undefined> {
  const c = broadcastCampaigns;
  const statusOf = (rows: { status: string }[]) => rows[0]?.status as CampaignStatus | undefined;
  if (verb === 'pause') {
    return statusOf(
      await tx
        .update(c)
        .set({ status: 'paused' })
        .where(and(eq(c.id, id), eq(c.status, 'scheduled')))
        .returning({ status: c.status }),
    );
  }
  if (verb === 'cancel') {
    return statusOf(
      await tx
        .update(c)
        .set({ status: 'cancelled', nextRunAt: null })
        .where(and(eq(c.id, id), inArray(c.status, ['scheduled', 'paused'])))
        .returning({ status: c.status }),
    );
  }
  const now = new Date();
  const next =
    schedule.kind === 'daily'
      ? sql`case when ${c.nextRunAt} < now() then ${nextDailySlot(schedule, now)?.toISOString() ?? null}::timestamptz else ${c.nextRunAt} end`
      : c.nextRunAt;
  const res = await tx
    .update(c)
    .set({ status: sql`case when (${next}) is null then 'finished' else 'scheduled' end`, nextRunAt: next })
    .where(and(eq(c.id, id), eq(c.status, 'paused')))
    .returning({ status: c.status });
  return statusOf(res);
}
