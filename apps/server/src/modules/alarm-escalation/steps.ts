/** A chain as the sweep reads it: each step's delay in minutes, and the reminder period. */
export interface ChainTiming {
  steps: readonly { delayMinutes: number }[];
  repeatMinutes: number | null;
}

/** One send an alarm is owed: step `step` (1-based), `repeatNo` 0 for the step, 1, 2… for its reminders. */
export interface Due {
  step: number;
  repeatNo: number;
}

const MINUTE = 60_000;

/**
 * What an alarm raised at `raisedAt` is owed at `now` by the chain: every step whose delay has passed
 * (a step missed while no instance ran is still sent, once), and, with reminders, the latest reminder of
 * the latest step reached (reminders missed meanwhile are not sent in a burst: only the current one).
 * Reminders of a step stop when the next step is due; all stop when the alarm is acknowledged or
 * cleared, which the sweep checks (such an alarm is owed nothing).
 */
export function dueSends(chain: ChainTiming, raisedAt: Date, now: Date): Due[] {
  const elapsed = now.getTime() - raisedAt.getTime();
  const out: Due[] = [];
  let latest = -1;
  chain.steps.forEach((s, i) => {
    if (s.delayMinutes * MINUTE <= elapsed) {
      out.push({ step: i + 1, repeatNo: 0 });
      latest = i;
    }
  });
  if (latest >= 0 && chain.repeatMinutes) {
    const since = elapsed - chain.steps[latest].delayMinutes * MINUTE;
    const n = Math.floor(since / (chain.repeatMinutes * MINUTE));
    if (n >= 1) out.push({ step: latest + 1, repeatNo: n });
  }
  return out;
}
