import { z } from 'zod';
import { editTimes, rowRef } from '../shared/row-fields.ts';
import { ALARM_SEVERITIES } from '../alarm/rules.ts';
import { pageQuery, rowId, rowIdParam } from '../shared/pagination.ts';
import { text } from '../shared/text.ts';

/**
 * How an escalation step reaches people (issue 32). The first three go to the step's people: the
 * message box (live), email to each one's bound security email, a text through the SMS webhook to each
 * one's bound security phone. The others post one message to a group or a system at their address.
 */
export const CHANNEL_KINDS = ['inapp', 'email', 'sms', 'wecom', 'dingtalk', 'feishu', 'webhook'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
/** The kinds that reach the step's people (no address of their own). */
export const PEOPLE_CHANNEL_KINDS = ['inapp', 'email', 'sms'] as const satisfies readonly ChannelKind[];
/** The kinds that post to an address (a secret), and those that also sign with a secret. */
export const ADDRESS_CHANNEL_KINDS = [
  'wecom',
  'dingtalk',
  'feishu',
  'webhook',
] as const satisfies readonly ChannelKind[];
export const SIGNED_CHANNEL_KINDS = ['dingtalk', 'feishu', 'webhook'] as const satisfies readonly ChannelKind[];

export const isAddressKind = (k: ChannelKind) => (ADDRESS_CHANNEL_KINDS as readonly ChannelKind[]).includes(k);
export const isSignedKind = (k: ChannelKind) => (SIGNED_CHANNEL_KINDS as readonly ChannelKind[]).includes(k);

/** A channel belongs to one project, or to an agent (all its projects may use it). */
export const CHANNEL_SCOPES = ['project', 'agent'] as const;
export type ChannelScope = (typeof CHANNEL_SCOPES)[number];

/** The roles a step may name within the alarm's project (its managers) or agent (the agent's users). */
export const STEP_ROLES = ['projectManagers', 'projectMembers', 'agentUsers', 'admins'] as const;
export type StepRole = (typeof STEP_ROLES)[number];

/** The generic webhook's headers: seconds since the epoch, and hex HMAC-SHA256 of `<timestamp>.<body>`. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-siteops-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-siteops-signature';

const webhookUrl = text()
  .trim()
  .max(1024)
  .regex(/^https?:\/\/\S+$/, 'url must be an http:// or https:// address');
const webhookSecret = text().trim().min(1).max(256);

const channelFields = {
  name: text().trim().min(1).max(64),
  kind: z.enum(CHANNEL_KINDS),
  enabled: z.boolean().default(true),
};

/**
 * A new channel: for a project (`projectId`) or an agent (`agentId`). Group bots and the webhook need
 * their address; DingTalk, Feishu and the webhook their signing secret. Neither is ever answered again.
 */
export const addChannelBody = z
  .object({
    ...channelFields,
    scope: z.enum(CHANNEL_SCOPES),
    agentId: rowId().optional(),
    projectId: rowId().optional(),
    url: webhookUrl.optional(),
    secret: webhookSecret.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.scope === 'project' && b.projectId === undefined)
      ctx.addIssue({ code: 'custom', path: ['projectId'], message: 'projectId is required' });
    if (b.scope === 'agent' && b.agentId === undefined)
      ctx.addIssue({ code: 'custom', path: ['agentId'], message: 'agentId is required' });
    if (b.scope === 'project' && b.agentId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['agentId'], message: 'agentId is only for scope agent' });
    if (b.scope === 'agent' && b.projectId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['projectId'], message: 'projectId is only for scope project' });
    if (isAddressKind(b.kind) && !b.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'url is required' });
    if (!isAddressKind(b.kind) && b.url)
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'url is not used by this kind of channel' });
    if (isSignedKind(b.kind) && !b.secret)
      ctx.addIssue({ code: 'custom', path: ['secret'], message: 'secret is required' });
    if (!isSignedKind(b.kind) && b.secret)
      ctx.addIssue({ code: 'custom', path: ['secret'], message: 'secret is not used by this kind of channel' });
  });

/** A channel's changes: its name, whether it is on, and a new address or secret (absent: kept). */
export const updateChannelBody = z.object({
  id: rowId('id is required'),
  name: channelFields.name.optional(),
  enabled: z.boolean().optional(),
  url: webhookUrl.optional(),
  secret: webhookSecret.optional(),
});

/** A chain using a channel, as the channel list and a refused delete (409, `data.chains`) name it. */
export const chainUsingChannel = z.object({
  id: z.number(),
  name: z.string(),
  ...rowRef('project'),
  /** The channels (of those asked about) it uses. */
  channelIds: z.array(z.number()),
});

export const channelItem = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  scope: z.enum(CHANNEL_SCOPES),
  agentId: z.number().nullable(),
  projectId: z.number().nullable(),
  /** The project's or the agent's name. */
  targetName: z.string().nullable(),
  enabled: z.boolean(),
  /** Whether an address / a secret is stored; never the values. */
  urlSet: z.boolean(),
  secretSet: z.boolean(),
  /** The escalation chains whose steps use it (a channel in use cannot be deleted). */
  usedBy: z.array(chainUsingChannel),
  ...editTimes,
});

export const channelListQuery = pageQuery.extend({
  projectId: rowIdParam().optional(),
  agentId: rowIdParam().optional(),
  kind: z.enum(CHANNEL_KINDS).optional(),
});

/** One try of a delivery: what the receiver answered (its HTTP status and the start of its body), or the error. */
export const deliveryAttempt = z.object({
  at: z.string(),
  status: z.number().nullable(),
  answer: z.string().nullable(),
  error: z.string().nullable(),
});

/** A channel's delivery as its log and a test show it. */
export const deliveryLogItem = z.object({
  id: z.number(),
  channelId: z.number(),
  alarmId: z.number().nullable(),
  /** Escalation step (1-based) and repeat (0: the step itself); null for a test. */
  step: z.number().nullable(),
  repeatNo: z.number().nullable(),
  test: z.boolean(),
  ok: z.boolean(),
  /** How many it reached (people channels), 1 or 0 for an address. */
  reached: z.number(),
  status: z.number().nullable(),
  answer: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.array(deliveryAttempt),
  at: z.string(),
});

export const channelLogQuery = pageQuery.extend({ id: rowIdParam() });

/** One step of a chain: when (minutes after the alarm was raised), to whom, and how. */
export const escalationStep = z
  .object({
    delayMinutes: z.number().int().min(0).max(10_080),
    userIds: z.array(rowId()).max(50).default([]),
    roles: z.array(z.enum(STEP_ROLES)).max(STEP_ROLES.length).default([]),
    channelIds: z.array(rowId()).min(1, 'channelIds cannot be empty').max(20),
  })
  .refine((s) => new Set(s.channelIds).size === s.channelIds.length, {
    path: ['channelIds'],
    message: 'channelIds names a channel twice',
  });
export type EscalationStep = z.output<typeof escalationStep>;

export const ESCALATION_STEPS_MAX = 10;

const chainFields = {
  name: text().trim().min(1).max(64),
  enabled: z.boolean().default(true),
  /** The severities it escalates (all by default). */
  severities: z
    .array(z.enum(ALARM_SEVERITIES))
    .min(1)
    .default([...ALARM_SEVERITIES]),
  /** Repeat the latest step every this many minutes until acknowledged; null: no reminders. */
  repeatMinutes: z.number().int().min(1).max(1440).nullable().default(null),
  steps: z
    .array(escalationStep)
    .min(1)
    .max(ESCALATION_STEPS_MAX)
    .refine((steps) => steps.every((s, i) => i === 0 || s.delayMinutes > steps[i - 1].delayMinutes), {
      message: 'steps: each step must come later than the one before',
    }),
};

/** A project's escalation chain (one per project). */
export const addChainBody = z.object({ projectId: rowId('projectId is required'), ...chainFields });
export const updateChainBody = z.object({
  id: rowId('id is required'),
  name: chainFields.name.optional(),
  enabled: z.boolean().optional(),
  severities: z.array(z.enum(ALARM_SEVERITIES)).min(1).optional(),
  repeatMinutes: z.number().int().min(1).max(1440).nullable().optional(),
  steps: chainFields.steps.optional(),
});

export const chainItem = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string().nullable(),
  name: z.string(),
  enabled: z.boolean(),
  severities: z.array(z.enum(ALARM_SEVERITIES)),
  repeatMinutes: z.number().nullable(),
  steps: z.array(
    z.object({
      delayMinutes: z.number(),
      userIds: z.array(z.number()),
      roles: z.array(z.enum(STEP_ROLES)),
      channelIds: z.array(z.number()),
    }),
  ),
  ...editTimes,
});

export const chainListQuery = pageQuery.extend({ projectId: rowIdParam().optional() });
