import dayjs, { type Dayjs } from 'dayjs';
import type { AddCampaignBody, BroadcastVoice } from '@siteops/contracts/broadcast/schemas';

/** The step form's values (one antd Form across the three steps). */
export interface CampaignFormValues {
  name?: string;
  link?: string;
  content?: string;
  voice?: BroadcastVoice;
  volume?: number;
  by?: 'project' | 'devices';
  projectIds?: number[];
  deviceIds?: number[];
  when?: 'now' | 'at' | 'daily';
  at?: Dayjs;
  window?: [Dayjs, Dayjs];
  everyMinutes?: number;
  until?: Dayjs;
}

export const INITIAL_VALUES: CampaignFormValues = {
  voice: 'female',
  volume: 60,
  by: 'devices',
  when: 'now',
  everyMinutes: 30,
};

/** The fields of each step, in order: what a step validates before the next one. */
export const STEP_FIELDS: readonly (readonly (keyof CampaignFormValues)[])[] = [
  ['name', 'link', 'content', 'voice', 'volume'],
  ['by', 'projectIds', 'deviceIds', 'when', 'at', 'window', 'everyMinutes', 'until'],
  [],
];

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The request the values make (the form has validated them). */
export function bodyOf(v: CampaignFormValues, timeZone = browserTimeZone()): AddCampaignBody {
  const targets =
    v.by === 'project'
      ? { by: 'project' as const, projectIds: v.projectIds ?? [] }
      : { by: 'devices' as const, deviceIds: v.deviceIds ?? [] };
  const schedule =
    v.when === 'at'
      ? { kind: 'at' as const, at: v.at!.toISOString() }
      : v.when === 'daily'
        ? {
            kind: 'daily' as const,
            from: v.window![0].format('HH:mm'),
            to: v.window![1].format('HH:mm'),
            everyMinutes: v.everyMinutes!,
            timeZone,
            ...(v.until && { until: v.until.endOf('day').toISOString() }),
          }
        : { kind: 'now' as const };
  return {
    name: (v.name ?? '').trim(),
    link: (v.link ?? '').trim(),
    content: (v.content ?? '').trim(),
    voice: v.voice ?? 'female',
    volume: v.volume ?? 60,
    targets,
    schedule,
  };
}

/** A server field name as the form's field, so its error shows where the user typed it. */
export function formFieldOf(server: string): keyof CampaignFormValues | undefined {
  if (['name', 'link', 'content', 'voice', 'volume'].includes(server)) return server as keyof CampaignFormValues;
  if (server.startsWith('targets.projectIds')) return 'projectIds';
  if (server.startsWith('targets')) return 'deviceIds';
  if (server === 'schedule.at') return 'at';
  if (server === 'schedule.from' || server === 'schedule.to') return 'window';
  if (server === 'schedule.everyMinutes') return 'everyMinutes';
  if (server.startsWith('schedule')) return 'when';
  return undefined;
}

/** The step a field is on. */
export const stepOf = (field: keyof CampaignFormValues) => STEP_FIELDS.findIndex((f) => f.includes(field));

// ---------------------------------------------------------------------------------------------------
// "Return for correction": the values and the server's field errors survive the trip to the error page.

const DRAFT_KEY = 'siteops.broadcast.draft';

interface Draft {
  values: Record<string, unknown>;
  errors: Record<string, string>;
}

const DATES = ['at', 'until'] as const;

export function saveDraft(values: CampaignFormValues, errors: Record<string, string>) {
  const plain: Record<string, unknown> = { ...values };
  for (const k of DATES) plain[k] = values[k]?.toISOString();
  plain.window = values.window?.map((d) => d.toISOString());
  sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ values: plain, errors } satisfies Draft));
}

/** The draft left by a failed submit (clearDraft() once it is in the form). */
export function readDraft(): { values: CampaignFormValues; errors: Record<string, string> } | undefined {
  const raw = sessionStorage.getItem(DRAFT_KEY);
  if (!raw) return undefined;
  try {
    const { values, errors } = JSON.parse(raw) as Draft;
    const v = { ...values } as CampaignFormValues & Record<string, unknown>;
    for (const k of DATES) v[k] = typeof values[k] === 'string' ? dayjs(values[k]) : undefined;
    const w = values.window as string[] | undefined;
    v.window = w?.length === 2 ? [dayjs(w[0]), dayjs(w[1])] : undefined;
    return { values: v, errors };
  } catch {
    return undefined;
  }
}

export const clearDraft = () => sessionStorage.removeItem(DRAFT_KEY);

/** The i18n key of a voice's label. */
export const voiceLabelKey = (v: BroadcastVoice | undefined) =>
  v === 'male' ? 'broadcast.voiceMale' : 'broadcast.voiceFemale';
