import type { CampaignSchedule } from '@siteops/contracts/broadcast/schemas';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The wall-clock fields of `ms` in `timeZone`, read as if they were UTC (so the difference is the offset). */
function wallAsUtc(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(ms);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
}

/** The instant at which the wall clock in `timeZone` shows `dayUtc` (a UTC midnight) + `minutes`. */
function instantOf(dayUtc: number, minutes: number, timeZone: string): number {
  const wall = dayUtc + minutes * MINUTE;
  const first = wall - (wallAsUtc(wall, timeZone) - wall);
  // Once more at the guess: the offset may differ there (a daylight-saving change in between).
  return wall - (wallAsUtc(first, timeZone) - first);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

type Daily = Extract<CampaignSchedule, { kind: 'daily' }>;

/**
 * The first slot of a daily window at or after `after`: `from`, `from + everyMinutes`, … up to `to`
 * (a window whose `to` is earlier than its `from` runs past midnight), local time in its time zone;
 * null when it would be after `until`.
 */
export function nextDailySlot(s: Daily, after: Date): Date | null {
  const from = minutesOf(s.from);
  let to = minutesOf(s.to);
  if (to < from) to += 24 * 60;
  const every = s.everyMinutes * MINUTE;
  const today = Math.floor(wallAsUtc(after.getTime(), s.timeZone) / DAY) * DAY;
  let best: number | null = null;
  for (const day of [today - DAY, today, today + DAY, today + 2 * DAY]) {
    const start = instantOf(day, from, s.timeZone);
    const end = instantOf(day, to, s.timeZone);
    const k = Math.max(0, Math.ceil((after.getTime() - start) / every));
    const slot = start + k * every;
    if (slot <= end && slot >= after.getTime() && (best === null || slot < best)) best = slot;
  }
  if (best === null || (s.until && best > Date.parse(s.until))) return null;
  return new Date(best);
}

/** When a new campaign first runs (null: never, e.g. a window that ends before its first slot). */
export function firstRun(s: CampaignSchedule, now: Date): Date | null {
  if (s.kind === 'now') return now;
  if (s.kind === 'at') return new Date(s.at);
  return nextDailySlot(s, now);
}

/**
 * The run after the one due at `due`, taken at `now`: a one-off has none; a daily window goes on from
 * whichever is later, so a server that was down does not play the runs it missed one after another.
 */
export function runAfter(s: CampaignSchedule, due: Date, now: Date): Date | null {
  if (s.kind !== 'daily') return null;
  const after = new Date(Math.max(due.getTime() + 1, now.getTime()));
  return nextDailySlot(s, after);
}
