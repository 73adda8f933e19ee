import { index, integer, jsonb, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { devices } from './devices.ts';
import { creationStamps, ownerReference, serialId, timestamptz, updatedAtColumn } from './columns.ts';

/**
 * A broadcast campaign (issue 14): what the speakers say and when. `next_run_at` is the scheduler's
 * queue: a `scheduled` campaign whose next run is due is claimed by one instance (row lock, skip
 * locked), which records the run and moves `next_run_at` on in the same transaction.
 */
export const broadcastCampaigns = pgTable(
  'broadcast_campaigns',
  {
    id: serialId(),
    name: varchar('name', { length: 64 }).notNull(),
    link: varchar('link', { length: 512 }).notNull(),
    content: text('content').notNull(),
    voice: varchar('voice', { length: 16 }).notNull(),
    volume: integer('volume').notNull(),
    /** scheduled | paused | finished | cancelled (contracts CAMPAIGN_STATUSES). */
    status: varchar('status', { length: 16 }).notNull(),
    /** How the speakers were chosen (by project or device ids), as sent. */
    targets: jsonb('targets').$type<Record<string, unknown>>().notNull(),
    /** now | at | daily (contracts campaignSchedule), as sent. */
    schedule: jsonb('schedule').$type<Record<string, unknown>>().notNull(),
    nextRunAt: timestamptz('next_run_at'),
    ...creationStamps(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('broadcast_campaigns_due_idx').on(t.status, t.nextRunAt),
    index('broadcast_campaigns_created_idx').on(t.createdAt),
  ],
);

/** The speakers a campaign addresses, resolved when it was created. */
export const broadcastCampaignDevices = pgTable(
  'broadcast_campaign_devices',
  {
    campaignId: ownerReference('campaign_id', () => broadcastCampaigns.id),
    deviceId: ownerReference('device_id', () => devices.id),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.deviceId] }),
    index('broadcast_campaign_devices_device_idx').on(t.deviceId),
  ],
);

/** One run of a campaign: the time it was due and when the scheduler took it. */
export const broadcastRuns = pgTable(
  'broadcast_runs',
  {
    id: serialId(),
    campaignId: ownerReference('campaign_id', () => broadcastCampaigns.id),
    dueAt: timestamptz('due_at').notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
  },
  (t) => [index('broadcast_runs_campaign_idx').on(t.campaignId, t.id)],
);

/**
 * A device's outcome in a run: pending, played, refused or offline. The reason is kept as a code
 * (an RPC error code, or `noAnswer`) plus the device's own words, and rendered in the reader's language.
 */
export const broadcastOutcomes = pgTable(
  'broadcast_outcomes',
  {
    runId: ownerReference('run_id', () => broadcastRuns.id),
    deviceId: ownerReference('device_id', () => devices.id),
    outcome: varchar('outcome', { length: 16 }).notNull().default('pending'),
    reasonCode: varchar('reason_code', { length: 16 }),
    reasonText: varchar('reason_text', { length: 500 }),
    playId: varchar('play_id', { length: 64 }),
    at: timestamptz('at'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.deviceId] }), index('broadcast_outcomes_pending_idx').on(t.outcome)],
);
