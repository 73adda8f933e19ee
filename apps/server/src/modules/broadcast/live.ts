import type { CampaignStatus, PlayOutcome } from '@siteops/contracts/broadcast/schemas';
import { LIVE_CAMPAIGN_OUTCOMES_MAX, campaignTopicOf, type LiveCampaignChange } from '@siteops/contracts/live/schemas';
import type { ModuleContext } from '../../ports/context.ts';

/** One change of a campaign, as the module reports it once its transaction committed. */
export type CampaignEvent =
  { status: CampaignStatus; runId?: number } | { outcome: { runId: number; deviceId: number; outcome: PlayOutcome } };

/** How long changes of one campaign are gathered into one frame. */
const GATHER_MS = 300;

/**
 * "Campaign n changed" to the tabs watching it (live topic `campaign:<id>`), gathered per campaign for
 * 300 ms: five hundred speakers answering at once must become one frame per tab, not five hundred.
 * Call it only after the change committed, so a tab that refetches on the frame reads it.
 */
export function campaignSignals(ctx: ModuleContext) {
  const pending = new Map<number, LiveCampaignChange>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    for (const data of pending.values()) ctx.live.publish({ topic: campaignTopicOf(data.id), type: 'campaign', data });
    pending.clear();
  };
  return (id: number, event: CampaignEvent) => {
    let change = pending.get(id);
    if (!change) pending.set(id, (change = { id, outcomes: [], more: false }));
    if ('status' in event) {
      change.status = event.status;
      if (event.runId !== undefined) change.runId = event.runId;
    } else if (change.outcomes.length < LIVE_CAMPAIGN_OUTCOMES_MAX) change.outcomes.push(event.outcome);
    else change.more = true;
    timer ??= setTimeout(flush, GATHER_MS);
    timer.unref();
  };
}
