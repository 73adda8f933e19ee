import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { alarmRowColumns, alarms } from './alarms.ts';
import { projectRowColumns, projects } from './projects.ts';
import { users } from './users.ts';
import { creationStamps, ownerReference, serialId, timestamptz, updatedAtColumn } from './columns.ts';

/**
 * Where escalations go (issue 32): a project's or an agent's channel. People channels (inapp, email,
 * sms) reach a step's people; the others post to `url`, signed with `secret` where the kind signs. Both
 * are secrets: encrypted at rest (crypto/pii.ts, columns `alarm_channels.url` / `.secret`) and never
 * answered by the API after they are saved.
 */
export const alarmChannels = pgTable(
  'alarm_channels',
  {
    id: serialId(),
    name: varchar('name', { length: 64 }).notNull(),
    /** inapp | email | sms | wecom | dingtalk | feishu | webhook */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** project | agent */
    scope: varchar('scope', { length: 16 }).notNull(),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    url: text('url'),
    secret: text('secret'),
    enabled: boolean('enabled').notNull().default(true),
    ...creationStamps(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('alarm_channels_project_idx').on(t.projectId),
    index('alarm_channels_agent_idx').on(t.agentId),
    check(
      'alarm_channels_scope_check',
      sql`(${t.scope} = 'project' and ${t.projectId} is not null and ${t.agentId} is null) or (${t.scope} = 'agent' and ${t.agentId} is not null and ${t.projectId} is null)`,
    ),
  ],
);
export type AlarmChannelRow = typeof alarmChannels.$inferSelect;

/** One step of a chain as stored (validated by contracts' escalationStep on the way in). */
export interface StoredEscalationStep {
  delayMinutes: number;
  userIds: number[];
  roles: string[];
  channelIds: number[];
}

/** A project's escalation chain: one per project, its steps in order of their delay. */
export const escalationChains = pgTable(
  'escalation_chains',
  {
    ...projectRowColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    severities: jsonb('severities').$type<string[]>().notNull(),
    repeatMinutes: integer('repeat_minutes'),
    steps: jsonb('steps').$type<StoredEscalationStep[]>().notNull(),
    ...creationStamps(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('escalation_chains_project_idx').on(t.projectId)],
);
export type EscalationChainRow = typeof escalationChains.$inferSelect;

/**
 * One escalation step (or one of its repeats) of one alarm, claimed before it is sent: the unique
 * (alarm, step, repeat) makes the instance whose insert succeeds the only one that sends it, whatever
 * the number of instances sweeping and across restarts. `finished_at` null: claimed, being sent (or the
 * sender died while sending: it is not sent twice).
 */
export const escalationDeliveries = pgTable(
  'escalation_deliveries',
  {
    ...alarmRowColumns(),
    chainId: integer('chain_id').references(() => escalationChains.id, { onDelete: 'set null' }),
    /** 1-based. */
    step: integer('step').notNull(),
    /** 0: the step; 1, 2…: its reminders. */
    repeatNo: integer('repeat_no').notNull(),
    claimedAt: timestamptz('claimed_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [uniqueIndex('escalation_deliveries_once_idx').on(t.alarmId, t.step, t.repeatNo)],
);

/**
 * A claimed step's (or reminder's) send to one person held back by their quiet hours: sent to them
 * through `channel_ids` (the step's people channels) once `until` has passed, if the alarm is still
 * active and unacknowledged. `released_at` set: done, by the one instance whose update took the row;
 * `sent` says whether it went (false: the alarm was closed meanwhile, or a later one of the same alarm
 * went instead).
 */
export const escalationHeld = pgTable(
  'escalation_held',
  {
    ...alarmRowColumns(),
    userId: ownerReference('user_id', () => users.id),
    step: integer('step').notNull(),
    repeatNo: integer('repeat_no').notNull(),
    channelIds: jsonb('channel_ids').$type<number[]>().notNull(),
    until: timestamptz('until').notNull(),
    heldAt: timestamptz('held_at').notNull().defaultNow(),
    releasedAt: timestamptz('released_at'),
    sent: boolean('sent').notNull().default(false),
  },
  (t) => [
    uniqueIndex('escalation_held_once_idx').on(t.alarmId, t.step, t.repeatNo, t.userId),
    index('escalation_held_due_idx')
      .on(t.until)
      .where(sql`${t.releasedAt} is null`),
  ],
);

/** One attempt's outcome, as kept in the log. */
export interface StoredAttempt {
  at: string;
  status: number | null;
  answer: string | null;
  error: string | null;
}

/**
 * Every delivery through a channel (a step's or a test): whether it went, how many it reached, and each
 * attempt's HTTP status and the start of the receiver's answer. Never the address nor the secret.
 */
export const alarmChannelLog = pgTable(
  'alarm_channel_log',
  {
    id: serialId(),
    channelId: ownerReference('channel_id', () => alarmChannels.id),
    alarmId: integer('alarm_id').references(() => alarms.id, { onDelete: 'set null' }),
    step: integer('step'),
    repeatNo: integer('repeat_no'),
    test: boolean('test').notNull().default(false),
    ok: boolean('ok').notNull(),
    reached: integer('reached').notNull().default(0),
    status: integer('status'),
    answer: varchar('answer', { length: 512 }),
    error: varchar('error', { length: 256 }),
    attempts: jsonb('attempts').$type<StoredAttempt[]>().notNull().default([]),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('alarm_channel_log_channel_idx').on(t.channelId, t.id)],
);
export type AlarmChannelLogRow = typeof alarmChannelLog.$inferSelect;
