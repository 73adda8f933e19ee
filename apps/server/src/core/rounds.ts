/** A job's rounds on a timer, stopped with `stop`. */
export interface Rounds {
  /** Ends the timer and waits for a round under way, so that none runs against a closed database. */
  stop(): Promise<void>;
}

/**
 * Runs `round` every `everyMs`, one at a time: when the timer fires while a round is still running, no
 * second one starts beside it. The timer does not keep the process alive.
 */
export function repeatRounds(round: () => Promise<void>, everyMs: number): Rounds {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= round().finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
