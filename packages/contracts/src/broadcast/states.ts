/**
 * A broadcast campaign's statuses and a speaker's outcomes, apart from broadcast.ts so that the live
 * channel's contract (live.ts, in the console's first load) takes these two lists and not the forms.
 */

/** scheduled (a run is due at nextRunAt) ⇄ paused; finished after its last run; cancelled from either. */
export const CAMPAIGN_STATUSES = ['scheduled', 'paused', 'finished', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** A device's outcome in one run: pending until it answers. */
export const PLAY_OUTCOMES = ['pending', 'played', 'refused', 'offline'] as const;
export type PlayOutcome = (typeof PLAY_OUTCOMES)[number];
