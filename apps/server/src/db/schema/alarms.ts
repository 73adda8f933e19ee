import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { deviceRowColumns, devices } from './devices.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { createdAtColumn, ownerReference, serialId, timestamptz, updatedAtColumn } from './columns.ts';

/** One comparison of a reading's field with a threshold. */
export interface StoredAlarmTerm {
  field: string;
  operator: 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'neq';
  threshold: number;
}

/** Up to four terms joined by AND or OR. */
export interface StoredAlarmCondition {
  logic: 'and' | 'or';
  terms: StoredAlarmTerm[];
}

/** What a rule watches (contracts' alarmRuleSource): readings, silence, device events or presence. */
export type StoredAlarmSource =
  | { kind: 'reading' }
  | { kind: 'noData'; minutes: number }
  | { kind: 'event'; event: string; code?: string; autoClearMinutes?: number | null }
  | { kind: 'offline'; minutes?: number };

/** A rule's linked action (contracts' alarmAction): speakers, a relay, a webhook; at raise or at clear. */
export type StoredAlarmAction =
  | { kind: 'speak'; when: 'raised' | 'cleared'; text: string; volume?: number; repeat?: number }
  | { kind: 'relay'; when: 'raised' | 'cleared'; deviceId: number | null; output: number; on: boolean }
  | { kind: 'webhook'; when: 'raised' | 'cleared'; channelId: number };

/** The values of a reading that an alarm is about (the condition's fields). */
export type AlarmValues = Record<string, number | boolean | string>;

/**
 * Alarm rules (issue 32): for one device type and a scope (the fleet, an agent, a project or one
 * device, named by the matching id column), a condition that must hold `duration_seconds` before an
 * alarm is raised, and the condition that clears it (null: the condition no longer holds).
 */
export const alarmRules = pgTable(
  'alarm_rules',
  {
    id: serialId(),
    name: varchar('name', { length: 128 }).notNull(),
    /** fleet | agent | project | device */
    scope: varchar('scope', { length: 16 }).notNull(),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    /** null: every type (an offline rule only; the built-in fleet rule, migration 0036). */
    deviceType: varchar('device_type', { length: 32 }),
    source: jsonb('source').$type<StoredAlarmSource>().notNull().default({ kind: 'reading' }),
    /** A reading rule's condition; null for the other sources. */
    condition: jsonb('condition').$type<StoredAlarmCondition>(),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    clearCondition: jsonb('clear_condition').$type<StoredAlarmCondition>(),
    /** critical | major | minor | warning */
    severity: varchar('severity', { length: 16 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** What it does on site when it fires or clears (alarm_action_runs keeps each run). */
    actions: jsonb('actions').$type<StoredAlarmAction[]>().notNull().default([]),
    /** Who last set the actions: a power cut they set waits for someone else's confirmation. */
    actionsBy: integer('actions_by'),
    createdId: integer('created_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('alarm_rules_type_idx').on(t.deviceType)],
);
export type AlarmRuleRow = typeof alarmRules.$inferSelect;

/**
 * Alarms: one per device and rule while active (a partial unique index); a repeat of the condition
 * adds to `count` and moves the last value and time. Cleared by the clear condition or by a person.
 */
export const alarms = pgTable(
  'alarms',
  {
    ...deviceRowColumns(),
    ruleId: ownerReference('rule_id', () => alarmRules.id),
    severity: varchar('severity', { length: 16 }).notNull(),
    /** active | cleared */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    acknowledged: boolean('acknowledged').notNull().default(false),
    acknowledgedAt: timestamptz('acknowledged_at'),
    acknowledgedId: integer('acknowledged_id').references(() => users.id, { onDelete: 'set null' }),
    count: integer('count').notNull().default(1),
    firstValue: jsonb('first_value').$type<AlarmValues>().notNull(),
    lastValue: jsonb('last_value').$type<AlarmValues>().notNull(),
    firstAt: timestamptz('first_at').notNull(),
    lastAt: timestamptz('last_at').notNull(),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    clearedAt: timestamptz('cleared_at'),
    /** condition (the clear condition held) | manual */
    clearedBy: varchar('cleared_by', { length: 16 }),
    clearedReason: varchar('cleared_reason', { length: 512 }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('alarms_open_idx')
      .on(t.deviceId, t.ruleId)
      .where(sql`${t.status} = 'active'`),
    index('alarms_status_idx').on(t.status, t.lastAt),
    index('alarms_rule_idx').on(t.ruleId),
  ],
);
export type AlarmRow = typeof alarms.$inferSelect;

/**
 * The first columns of an alarm's own rows (its timeline, linked actions, escalation deliveries and held
 * notifications): their id, and the alarm, deleting them with it.
 */
export const alarmRowColumns = () => ({
  id: serialId(),
  alarmId: ownerReference('alarm_id', () => alarms.id),
});

/** What happened to an alarm, oldest first: raised, acknowledged, assigned, cleared. */
export const alarmTimeline = pgTable(
  'alarm_timeline',
  {
    ...alarmRowColumns(),
    /** raised | acknowledged | assigned | cleared */
    kind: varchar('kind', { length: 16 }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('alarm_timeline_alarm_idx').on(t.alarmId, t.id)],
);

/**
 * Each linked action of an alarm as it runs (issue 32): queued in the transaction that raised or cleared
 * the alarm (one row per action of the rule then), claimed once by one instance, and left sent, failed
 * or waiting for a second person's confirmation (a power cut of a crane or an elevator).
 */
export const alarmActionRuns = pgTable(
  'alarm_action_runs',
  {
    ...alarmRowColumns(),
    /** raised | cleared */
    phase: varchar('phase', { length: 16 }).notNull(),
    /** Its place in the rule's actions then. */
    actionNo: integer('action_no').notNull(),
    /** The action as the rule said it then. */
    action: jsonb('action').$type<StoredAlarmAction>().notNull(),
    /** queued | running | waiting | sent | failed */
    state: varchar('state', { length: 16 }).notNull().default('queued'),
    /** Who set the action (the rule's author when nobody changed its actions since). */
    authorId: integer('author_id'),
    /** A relay action's device, once resolved. */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    confirmedId: integer('confirmed_id').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamptz('confirmed_at'),
    reason: varchar('reason', { length: 256 }),
    createdAt: createdAtColumn(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    uniqueIndex('alarm_action_runs_once_idx').on(t.alarmId, t.phase, t.actionNo),
    index('alarm_action_runs_open_idx')
      .on(t.state, t.id)
      .where(sql`${t.state} in ('queued', 'running')`),
  ],
);
export type AlarmActionRunRow = typeof alarmActionRuns.$inferSelect;
