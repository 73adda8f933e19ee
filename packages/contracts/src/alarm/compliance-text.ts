// How the compliance report writes its times, limits and left-out counts: the same in the console and
// in the xlsx the server writes (no zod here, so the console's page pulls in nothing else).

/** `+08:00` for 480 minutes east of UTC. */
export function utcClock(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const a = Math.abs(offset);
  return `${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/** An instant on the project's wall clock (`offset` minutes east of UTC), `YYYY-MM-DD HH:mm`. */
export const localTime = (iso: string, offset: number) =>
  new Date(Date.parse(iso) + offset * 60_000).toISOString().slice(0, 16).replace('T', ' ');

/** `> 150`, or `≥ 150` for a rule that counts the limit itself. */
export const limitText = (l: { value: number; inclusive: boolean }) => `${l.inclusive ? '≥' : '>'} ${l.value}`;

/** Left-out readings by data flag, in flag order. */
export const flagEntries = (flags: Record<string, number>) =>
  Object.entries(flags).sort(([a], [b]) => a.localeCompare(b));
