import { z } from 'zod';
import { text } from '../shared/text.ts';
import { TicketedSocketClose } from '../shared/socket-close.ts';
import { DEVICE_TYPES, EVENT_LEVELS } from '../device-protocol.ts';
import { NOTIFICATION_LEVELS, NOTIFICATION_TABS } from '../notification/schemas.ts';
import { CAMPAIGN_STATUSES, PLAY_OUTCOMES } from '../broadcast/states.ts';

/**
 * The console's one live channel (docs/decisions/0007-live-channel.md): ONE WebSocket per browser tab
 * at {@link LIVE_PATH}`?ticket=` (a `live` ticket from `POST /api/device/ticket`), carrying topics the
 * tab subscribes to and unsubscribes from without reconnecting.
 *
 * Topics ({@link isLiveTopic}):
 * - `device:<id>`: presence, telemetry and events of one device. Allowed for the devices the caller
 *   may list (admin all, agent its agent's, manager its projects', user none). A topic outside that
 *   scope is refused exactly like a device that does not exist. Scope is checked again on every
 *   event, so a device divided away stops reaching the old owner's tabs within 15 s.
 * - `notifications`: the signed-in user's notifications.
 * - `job:<userId>:<uuid>`: progress of a job the user started (a device import: pass the uuid as
 *   `jobId`; {@link jobTopicOf} makes the topic). A job's topic carries its owner: a tab may subscribe
 *   only to its own user's jobs (another user's is refused), and only that user receives the progress.
 * - `rollout:<id>`: a firmware rollout changed (a device moved on, the rollout paused, a group
 *   started): refetch it. Admins only (rollouts are); at most about three a second per rollout.
 * - `campaign:<id>`: a broadcast campaign changed (its status, a run started, speakers answered): what
 *   changed, to patch or refetch. Allowed for the campaigns the caller may see (`scope.campaigns`:
 *   admin all, agent its speakers', manager its projects'), checked when subscribing and again before
 *   a frame once that check is 15 s old; an id outside that scope is refused like one that does not exist. At most about three frames a second per campaign.
 * - `fleet`: some device the caller may list went online or offline, or events it sent were stored: refetch the
 *   Workplace's figures (`GET /api/dashboard/fleet`). Scoped like `device:<id>` on every change (a
 *   user's tab hears nothing), and at most one frame per {@link LIVE_FLEET_MS} per tab, counting what
 *   changed, however busy the fleet.
 * - `alarms`: an alarm of a device the caller may list was raised, acknowledged, assigned or cleared (a
 *   repeat of an open alarm is not sent): refetch the alarms shown. Scoped like `device:<id>` on every
 *   change (a user's tab hears nothing).
 *
 * Device messages are batched per tab (at most one `device` frame per {@link LIVE_BATCH_MS}), with a
 * device's readings in a batch merged into one, so a tab watching 20 busy devices gets a few frames a
 * second whatever the fleet sends.
 */
export const LIVE_PATH = '/api/live';
export const LIVE_BATCH_MS = 500;
/** Most topics one tab may hold at once. */
export const LIVE_MAX_TOPICS = 500;
/** At most one `fleet` frame per tab this often. */
export const LIVE_FLEET_MS = 1_000;
export const FLEET_TOPIC = 'fleet';
export const ALARMS_TOPIC = 'alarms';

export type LiveTopic =
  | `device:${number}`
  | 'notifications'
  | `job:${number}:${string}`
  | `rollout:${number}`
  | `campaign:${number}`
  | 'fleet'
  | 'alarms';

export const deviceTopicOf = (id: number): LiveTopic => `device:${id}`;
/** The topic of the job `id` that user `userId` started. */
export const jobTopicOf = (userId: number, id: string) => `job:${userId}:${id}` as const;
/** The owner (user id) of a `job:<userId>:<uuid>` topic, else undefined. */
export function jobOwnerOfTopic(topic: string): number | undefined {
  const m = /^job:([1-9]\d{0,9}):[0-9a-f-]{36}$/i.exec(topic);
  const id = m ? Number(m[1]) : NaN;
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}
export const rolloutTopicOf = (id: number) => `rollout:${id}` as const;
export const isRolloutTopic = (topic: string) => /^rollout:[1-9]\d{0,9}$/.test(topic);
export const campaignTopicOf = (id: number) => `campaign:${id}` as const;
/** The campaign id of a `campaign:<id>` topic, else undefined. */
export function campaignIdOfTopic(topic: string): number | undefined {
  const m = /^campaign:([1-9]\d{0,9})$/.exec(topic);
  const id = m ? Number(m[1]) : NaN;
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}
/** The device id of a `device:<id>` topic, else undefined. */
export function deviceIdOfTopic(topic: string): number | undefined {
  const m = /^device:([1-9]\d{0,9})$/.exec(topic);
  const id = m ? Number(m[1]) : NaN;
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}
/** Whether `topic` is well formed (says nothing about whether the caller may have it). */
export const isLiveTopic = (topic: string): topic is LiveTopic =>
  topic === 'notifications' ||
  topic === FLEET_TOPIC ||
  topic === ALARMS_TOPIC ||
  jobOwnerOfTopic(topic) !== undefined ||
  isRolloutTopic(topic) ||
  campaignIdOfTopic(topic) !== undefined ||
  deviceIdOfTopic(topic) !== undefined;

// ---------------------------------------------------------------------------------------------------
// Browser -> server (text frames, JSON)

const topicList = z.array(text().max(64)).max(LIVE_MAX_TOPICS);
export const liveClientMessage = z.discriminatedUnion('op', [
  /** Add topics; answered by `subscribed` with the same `ref`. */
  z.object({ op: z.literal('subscribe'), ref: z.number().int().optional(), topics: topicList }),
  /** Drop topics; answered by `unsubscribed`. Unknown topics are ignored. */
  z.object({ op: z.literal('unsubscribe'), ref: z.number().int().optional(), topics: topicList }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

// ---------------------------------------------------------------------------------------------------
// Server -> browser (text frames, JSON)

/** Progress of a job (`job:<id>`). */
export const jobProgress = z.object({
  jobId: z.string(),
  kind: z.literal('device.import'),
  state: z.enum(['running', 'done', 'failed']),
  /** What the job is doing now: `reading`, `checking`, `writing`. */
  step: z.string(),
  done: z.number(),
  total: z.number(),
});
export type JobProgress = z.infer<typeof jobProgress>;

/** A text in each of the console's languages (a tab's language is not known to the server). */
const inEachLanguage = z.object({ 'en-US': z.string(), 'zh-CN': z.string() });

/**
 * A new notification (`notifications`), as `GET /api/notification/listAll` lists it but with its texts
 * in both languages: the console shows the one of its locale and refetches its counts.
 */
const liveNotification = z.object({
  id: z.number(),
  tab: z.enum(NOTIFICATION_TABS),
  level: z.enum(NOTIFICATION_LEVELS),
  title: inEachLanguage,
  body: inEachLanguage.nullable(),
  link: z.string().nullable(),
  at: z.string(),
});
export type LiveNotification = z.infer<typeof liveNotification>;

/** Most speaker outcomes one `campaign` frame lists; past that the frame says `more` (refetch the runs). */
export const LIVE_CAMPAIGN_OUTCOMES_MAX = 100;

/** How an alarm changed (`alarms`); `action`: one of its linked actions ran or waits. */
export const LIVE_ALARM_CHANGES = ['raised', 'acknowledged', 'assigned', 'cleared', 'action'] as const;
export const liveAlarmChange = z.object({ id: z.number(), deviceId: z.number(), change: z.enum(LIVE_ALARM_CHANGES) });
export type LiveAlarmChange = z.infer<typeof liveAlarmChange>;

/** What changed in a broadcast campaign (`campaign:<id>`) since its previous frame. */
const liveCampaignChange = z.object({
  id: z.number(),
  /** Its status now, when that changed (paused, resumed, cancelled, finished after its last run). */
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  /** A run that started (its speakers are pending). */
  runId: z.number().optional(),
  /** Speakers' new outcomes, in the order they came. */
  outcomes: z.array(z.object({ runId: z.number(), deviceId: z.number(), outcome: z.enum(PLAY_OUTCOMES) })),
  /** More outcomes changed than the frame lists. */
  more: z.boolean(),
});
export type LiveCampaignChange = z.infer<typeof liveCampaignChange>;

// ---------------------------------------------------------------------------------------------------
// Device items: what the gateway emits, the live channel batches and a device row applies (topic `device:<id>`)

/** `presence`: a device went online or offline (never sent for a replaced link). */
const livePresence = z.object({
  deviceId: z.number(),
  type: z.enum(DEVICE_TYPES),
  onlineStatus: z.enum(['online', 'offline']),
  /** When the change happened (ISO 8601): the link-up for online; the link-down or its detection for offline. */
  heartbeatDatetime: z.string(),
  /** As the server sees it; present on online. */
  ip: z.string().optional(),
  /** Present on online. */
  versions: z.object({ frpcVer: z.string(), devVer: z.string(), version: z.string() }).partial().optional(),
  /** Present on offline: `closed`, `heartbeatTimeout`, `revoked`, `shutdown`, `rateLimited`, `stale`. */
  reason: z.string().optional(),
});
export type LivePresence = z.infer<typeof livePresence>;

/** `telemetry`: one message of readings (any subset of the type's fields, docs/device-protocol.md section 3). */
const liveTelemetry = z.object({
  deviceId: z.number(),
  type: z.enum(DEVICE_TYPES),
  at: z.string(),
  data: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])),
  /** Field -> data flag, for values flagged (HJ 212: anything but N is shown beside the value). */
  flags: z.record(z.string(), z.string()).optional(),
});

/** `event`: a device event (pass, alarm, plate, ...), see docs/device-protocol.md section 4. */
const liveDeviceEvent = z.object({
  deviceId: z.number(),
  type: z.enum(DEVICE_TYPES),
  /** The event's UUID; also its id in the events list. */
  id: z.string(),
  kind: z.string(),
  level: z.enum(EVENT_LEVELS),
  at: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** Fetch it from the events list (pictureUrl) once stored. */
  hasPicture: z.boolean(),
});

/** One item of a `device` frame: the one shape of a device's news from the gateway to a table row. */
const liveDeviceItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('presence'), data: livePresence }),
  z.object({ kind: z.literal('telemetry'), data: liveTelemetry }),
  z.object({ kind: z.literal('event'), data: liveDeviceEvent }),
]);
export type LiveDeviceItem = z.infer<typeof liveDeviceItem>;

export const liveServerMessage = z.discriminatedUnion('type', [
  /** Once, when the channel is open. */
  z.object({ type: z.literal('ready'), serverTime: z.string(), heartbeatSeconds: z.number() }),
  /** Answer to subscribe: `refused` never says why (a device out of scope and a missing one look the same). */
  z.object({
    type: z.literal('subscribed'),
    ref: z.number().optional(),
    topics: z.array(z.string()),
    refused: z.array(z.string()),
  }),
  z.object({ type: z.literal('unsubscribed'), ref: z.number().optional(), topics: z.array(z.string()) }),
  /** Device items in arrival order (telemetry of one device within a batch merged). */
  z.object({ type: z.literal('device'), items: z.array(liveDeviceItem) }),
  z.object({ type: z.literal('job'), topic: z.string(), data: jobProgress }),
  z.object({ type: z.literal('notification'), topic: z.literal('notifications'), data: liveNotification }),
  /** A rollout changed (`rollout:<id>`): refetch what is shown of it. */
  z.object({ type: z.literal('rollout'), topic: z.string(), data: z.object({ id: z.number() }) }),
  /** A broadcast campaign changed (`campaign:<id>`): patch what is shown of it, or refetch. */
  z.object({ type: z.literal('campaign'), topic: z.string(), data: liveCampaignChange }),
  /** Devices in the tab's scope changed since the last `fleet` frame: this many presence changes and events. */
  z.object({
    type: z.literal('fleet'),
    topic: z.literal('fleet'),
    data: z.object({ presence: z.number(), events: z.number() }),
  }),
  /** An alarm of a device in the tab's scope changed (`alarms`): refetch the alarms shown. */
  z.object({ type: z.literal('alarm'), topic: z.literal('alarms'), data: liveAlarmChange }),
  /** A frame the server could not read (the channel stays open). */
  z.object({ type: z.literal('error'), ref: z.number().optional(), msg: z.string() }),
  /** The server ends the channel (the session ended: code is the envelope code); do not reconnect with the same ticket. */
  z.object({ type: z.literal('end'), code: z.number(), msg: z.string() }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;

/** Close codes of the channel (a browser cannot read the HTTP status of a refused upgrade). */
export const LiveClose = {
  ...TicketedSocketClose,
  /** The tab read too slowly and fell behind: reconnect and refetch. */
  tooSlow: 4429,
} as const;

// ---------------------------------------------------------------------------------------------------
// What server modules publish (the LivePublisher port)

export type LivePublication =
  | { topic: `job:${number}:${string}`; userId: number; type: 'job'; data: JobProgress }
  | { topic: 'notifications'; userId: number; type: 'notification'; data: LiveNotification }
  /** To every admin's tab holding the topic. */
  | { topic: `rollout:${number}`; role: 'admin'; type: 'rollout'; data: { id: number } }
  /** To every tab holding the topic that may see the campaign (its scope re-read every 15 s). */
  | { topic: `campaign:${number}`; type: 'campaign'; data: LiveCampaignChange }
  /** To every tab holding the topic that may see the alarm's device (its owner re-read every 15 s). */
  | { topic: 'alarms'; type: 'alarm'; data: LiveAlarmChange };
