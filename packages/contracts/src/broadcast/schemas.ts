import { z } from 'zod';
import { aboutDevice, nullableRef } from '../shared/row-fields.ts';
import { multilineText, text } from '../shared/text.ts';
import { countsOf, wholeBetween } from '../shared/number-fields.ts';
import { idQuery, pageQuery, rowId, textFilter } from '../shared/pagination.ts';
import { CAMPAIGN_STATUSES, PLAY_OUTCOMES } from './states.ts';

/**
 * Broadcast campaigns (issue 14, spec 2 "step form"): an announcement spoken by cloud speakers
 * (device type `broadcast`) now, at a time, or daily in a time window. The server's scheduler
 * (apps/server/src/modules/broadcast/scheduler.ts) sends `broadcast.play` (docs/device-protocol.md 5.4)
 * at each run's time and records each device's outcome.
 */

/** Spec 9: activity name at most 20 characters, advertising content at most 200 words. */
export const CAMPAIGN_NAME_MAX = 20;
export const CAMPAIGN_CONTENT_MAX_WORDS = 200;
/** What a speaker's text-to-speech takes at most (protocol 5.4); 200 long words stay under it. */
export const CAMPAIGN_CONTENT_MAX_CHARS = 2000;
const CAMPAIGN_LINK_MAX = 512;
export const BROADCAST_VOICES = ['female', 'male'] as const;
export type BroadcastVoice = (typeof BROADCAST_VOICES)[number];
const VOLUME = { min: 0, max: 100 } as const;
/** Minutes between two runs of a daily window. */
export const INTERVAL_MINUTES = { min: 1, max: 720 } as const;
const MAX_CAMPAIGN_DEVICES = 500;
const MAX_CAMPAIGN_PROJECTS = 50;

export { CAMPAIGN_STATUSES, PLAY_OUTCOMES, type CampaignStatus, type PlayOutcome } from './states.ts';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
/**
 * Words as a reader counts them: each Chinese (Japanese, Korean) character is a word, as in a Chinese
 * word count; other text counts its whitespace-separated runs that hold a letter or digit.
 */
export function countWords(s: string): number {
  const cjk = s.match(CJK)?.length ?? 0;
  const rest = s
    .replace(CJK, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return cjk + rest;
}

export const isHttpLink = (s: string) => /^https?:\/\/[^\s/?#]+\S*$/i.test(s);

/** Whether `tz` is an IANA time zone this runtime knows. */
function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const clock = (field: string) =>
  text({ error: `${field} must be a time HH:mm` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${field} must be a time HH:mm`);
const isoInstant = (field: string) => z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date-time` });

/** Step 1 of the form: what is said, and how. */
const campaignFields = z.object({
  name: text({ error: 'name is required' })
    .trim()
    .min(1, 'name cannot be empty')
    .max(CAMPAIGN_NAME_MAX, `name is at most ${CAMPAIGN_NAME_MAX} characters`),
  link: text({ error: 'link is required' })
    .trim()
    .max(CAMPAIGN_LINK_MAX, `link is at most ${CAMPAIGN_LINK_MAX} characters`)
    .refine(isHttpLink, 'link must start with http:// or https://'),
  content: multilineText({ error: 'content is required' })
    .trim()
    .min(1, 'content cannot be empty')
    .max(CAMPAIGN_CONTENT_MAX_CHARS, `content is at most ${CAMPAIGN_CONTENT_MAX_CHARS} characters`)
    .refine(
      (s) => countWords(s) <= CAMPAIGN_CONTENT_MAX_WORDS,
      `content is at most ${CAMPAIGN_CONTENT_MAX_WORDS} words`,
    ),
  voice: z.enum(BROADCAST_VOICES, { error: `voice must be one of ${BROADCAST_VOICES.join(', ')}` }),
  volume: wholeBetween('volume', VOLUME),
});
export type CampaignFields = z.infer<typeof campaignFields>;

/** Step 2: which speakers, by project (all of its speakers in the caller's scope) or one by one. */
const campaignTargets = z.discriminatedUnion(
  'by',
  [
    z.object({
      by: z.literal('project'),
      projectIds: z
        .array(rowId())
        .min(1, 'projectIds cannot be empty')
        .max(MAX_CAMPAIGN_PROJECTS, `at most ${MAX_CAMPAIGN_PROJECTS} projectIds`),
    }),
    z.object({
      by: z.literal('devices'),
      deviceIds: z
        .array(rowId())
        .min(1, 'deviceIds cannot be empty')
        .max(MAX_CAMPAIGN_DEVICES, `at most ${MAX_CAMPAIGN_DEVICES} deviceIds`),
    }),
  ],
  { error: 'by must be one of project, devices' },
);
export type CampaignTargets = z.infer<typeof campaignTargets>;

/** Step 2: when. `daily` runs at `from`, every `everyMinutes`, up to `to` (local time in `timeZone`), until `until`. */
export const campaignSchedule = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('now') }),
    z.object({ kind: z.literal('at'), at: isoInstant('at') }),
    z.object({
      kind: z.literal('daily'),
      from: clock('from'),
      to: clock('to'),
      everyMinutes: wholeBetween('everyMinutes', INTERVAL_MINUTES),
      until: isoInstant('until').optional(),
      timeZone: text({ error: 'timeZone is required' })
        .max(64)
        .refine(isTimeZone, 'timeZone must be an IANA time zone'),
    }),
  ],
  { error: 'kind must be one of now, at, daily' },
);
export type CampaignSchedule = z.infer<typeof campaignSchedule>;

/** `POST /api/broadcast/add`. */
export const addCampaignBody = campaignFields.extend({ targets: campaignTargets, schedule: campaignSchedule });
export type AddCampaignBody = z.infer<typeof addCampaignBody>;

export const campaignListQuery = pageQuery.extend({
  name: textFilter(64),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
});

const outcomeCounts = countsOf(PLAY_OUTCOMES);
export type OutcomeCounts = z.infer<typeof outcomeCounts>;

export const campaignItem = z.object({
  id: z.number(),
  name: z.string(),
  link: z.string(),
  content: z.string(),
  voice: z.enum(BROADCAST_VOICES),
  volume: z.number(),
  status: z.enum(CAMPAIGN_STATUSES),
  targets: campaignTargets,
  schedule: campaignSchedule,
  deviceCount: z.number(),
  nextRunAt: z.string().nullable(),
  runCount: z.number(),
  /** The latest run's devices by outcome (null before the first run). */
  lastRun: z.object({ id: z.number(), dueAt: z.string(), counts: outcomeCounts }).nullable(),
  createdAt: z.string(),
});
export type CampaignItem = z.infer<typeof campaignItem>;

const runDevice = z.object({
  ...aboutDevice,
  outcome: z.enum(PLAY_OUTCOMES),
  /** Why it was refused or not reached, in the caller's language. */
  reason: z.string().nullable(),
  playId: z.string().nullable(),
  at: z.string().nullable(),
});
export type RunDevice = z.infer<typeof runDevice>;

const campaignRun = z.object({
  id: z.number(),
  dueAt: z.string(),
  startedAt: z.string(),
  counts: outcomeCounts,
  devices: z.array(runDevice),
});
export type CampaignRun = z.infer<typeof campaignRun>;

/** Latest runs first. */
export const RUNS_SHOWN = 10;
export const campaignRuns = z.object({ list: z.array(campaignRun) });

export const campaignRunsQuery = idQuery;

/** A cloud speaker the caller may address. */
const campaignSpeaker = z.object({
  id: z.number(),
  sn: z.string(),
  devName: z.string().nullable(),
  onlineStatus: z.string(),
  ...nullableRef('project'),
});
export type CampaignSpeaker = z.infer<typeof campaignSpeaker>;
export const campaignSpeakers = z.object({ list: z.array(campaignSpeaker) });
