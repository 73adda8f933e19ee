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

/**
 * Runs `run` once `firstMs` after start and then every `everyMs` (a retention, a periodic check); the
 * timers do not keep the process alive. Answers the stop.
 */
export function firstThenEvery(run: () => void, firstMs: number, everyMs: number): () => void {
  const first = setTimeout(run, firstMs);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/** Work done one piece after another (batches judged in the order they came): `add` queues a piece. */
export interface Serial {
  add(work: () => Promise<void>): void;
  /** Resolves once every piece queued so far is done (tests, shutdown). */
  idle(): Promise<void>;
}

/** A {@link Serial}; a piece that fails goes to `failed` and the next still runs. */
export function serial(failed: (err: unknown) => void): Serial {
  let tail = Promise.resolve();
  return {
    add(work) {
      tail = tail.then(work).catch(failed);
    },
    idle: () => tail,
  };
}
