/**
 * What one of a test's receivers (mailbox.ts, smsbox.ts) has received, in order, and a wait for the
 * newest one to an address. `isTo` says whether a message went to an address; `what` names a message
 * in the error when none comes.
 */
export function inbox<T>(what: string, isTo: (message: T, to: string) => boolean) {
  const received: T[] = [];
  const waiters: (() => void)[] = [];
  return {
    received,
    /** Keeps `message` and wakes whoever waits for one. */
    add(message: T) {
      received.push(message);
      waiters.splice(0).forEach((w) => w());
    },
    /** The newest message to `to` after the first `after`, waiting up to `timeoutMs` for one to arrive. */
    async next(to: string, after = 0, timeoutMs = 10_000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.slice(after).findLast((m) => isTo(m, to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no ${what} to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}
