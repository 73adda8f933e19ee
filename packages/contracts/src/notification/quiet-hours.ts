import { z } from 'zod';
import { ALARM_WINDOW_UTC_OFFSET_MINUTES } from '../alarm/rules.ts';
import { text } from '../shared/text.ts';

/** A wall-clock time of day, `HH:MM` (24 h). */
const timeOfDay = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM');

/**
 * A user's quiet hours (issue 32): every day from `from` to `to` on the wall clock of `utcOffsetMinutes`
 * (`to` before `from` crosses midnight, e.g. 22:00-07:00; by default China Standard Time, as alarm rule
 * windows), escalation steps and reminders of non-critical alarms do not reach them personally (message
 * box, email, SMS); each is held and sent when the window ends if the alarm is still open. Critical
 * alarms, group bots and webhooks are never held.
 */
export const quietHours = z
  .object({
    enabled: z.boolean(),
    from: timeOfDay,
    to: timeOfDay,
    utcOffsetMinutes: z.number().int().min(-720).max(840).default(ALARM_WINDOW_UTC_OFFSET_MINUTES),
  })
  .strict()
  .refine((q) => q.from !== q.to, { path: ['to'], message: 'must differ from the start' });
export type QuietHours = z.output<typeof quietHours>;

/** Nobody has quiet hours until they set them; the form starts from a night. */
export const DEFAULT_QUIET_HOURS: QuietHours = {
  enabled: false,
  from: '22:00',
  to: '07:00',
  utcOffsetMinutes: ALARM_WINDOW_UTC_OFFSET_MINUTES,
};

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When the quiet hours `q` holding at `now` end (the next `to` on their wall clock, to the minute), or
 * null when they are off or `now` is outside them. `from` is inside the window, `to` is not.
 */
export function quietUntil(q: QuietHours, now: Date): Date | null {
  if (!q.enabled) return null;
  const from = minutesOf(q.from);
  const to = minutesOf(q.to);
  const minute = Math.floor(now.getTime() / MINUTE);
  const local = (((minute + q.utcOffsetMinutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  const inside = from < to ? local >= from && local < to : local >= from || local < to;
  if (!inside) return null;
  return new Date((minute + ((to - local + DAY_MINUTES) % DAY_MINUTES)) * MINUTE);
}

/** `at` as HH:MM on the wall clock of `utcOffsetMinutes`. */
export function wallClock(at: Date, utcOffsetMinutes: number): string {
  return new Date(at.getTime() + utcOffsetMinutes * MINUTE).toISOString().slice(11, 16);
}
