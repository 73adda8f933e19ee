import dayjs, { type Dayjs } from 'dayjs';

/**
 * How the console shows a time. One place, so the same value reads the same on every page (issue 15):
 * server instants (ISO, UTC) appear in the viewer's time zone, in a numeric form both languages read.
 */
export const DAY_FORMAT = 'YYYY-MM-DD';

type Value = string | number | Date | Dayjs | null | undefined;

const formatter = (pattern: string) => (value: Value) => {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(pattern) : '';
};

/** An instant: `2026-11-25 14:03:07`; empty for none (a missing time is not "Invalid Date"). */
export const formatDateTime = formatter(`${DAY_FORMAT} HH:mm:ss`);

/** An instant to the minute, where seconds are noise (expiries, activity feeds). */
export const formatMinute = formatter(`${DAY_FORMAT} HH:mm`);

/** A calendar day (`2026-11-25`): a birth date, an expiry date, a query range bound. */
export const formatDay = formatter(DAY_FORMAT);

/** The time of day of something happening now (`14:03:07`): a command's answer, a live reading. */
export const formatClock = formatter('HH:mm:ss');
