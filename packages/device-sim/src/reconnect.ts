import {
  CloseCode,
  busyRetrySeconds,
  RETRY_AFTER_REFUSAL_S,
  RETRY_AFTER_REPLACED_S,
  type RefuseReason,
} from '@siteops/contracts/device-protocol';

/**
 * The wait the protocol fixes after this close (seconds), or 0 when the device should use its own
 * backoff: a refusal names its wait, a replaced or revoked link waits a set time, a busy instance says
 * how long (spread by up to as much again, so a storm of devices does not come back in step).
 */
export function fixedRetrySeconds(code: number, reason: string, lastRefusal?: RefuseReason): number {
  const refusal = code === CloseCode.refused ? (lastRefusal ?? (reason as RefuseReason)) : undefined;
  if (refusal !== undefined) return RETRY_AFTER_REFUSAL_S[refusal] ?? 300;
  if (code === CloseCode.replaced) return RETRY_AFTER_REPLACED_S;
  if (code === CloseCode.revoked) return 300;
  const busy = code === CloseCode.busy ? busyRetrySeconds(reason) : undefined;
  if (busy !== undefined) return busy * (1 + Math.random());
  return 0;
}

/** Jittered exponential backoff: min(max, base * 2^attempt) * (0.5 + random / 2). */
export class Backoff {
  // Options are read at each step, not copied, so they behave as when they were read in place.
  readonly #opt: { backoffBaseMs?: number; backoffMaxMs?: number };
  #attempt = 0;

  constructor(opt: { backoffBaseMs?: number; backoffMaxMs?: number }) {
    this.#opt = opt;
  }

  /** A link that stayed up long enough starts the series again. */
  reset() {
    this.#attempt = 0;
  }

  next(): number {
    const base = this.#opt.backoffBaseMs ?? 1000;
    const max = this.#opt.backoffMaxMs ?? 60_000;
    const ms = Math.min(max, base * 2 ** this.#attempt) * (0.5 + Math.random() / 2);
    this.#attempt = Math.min(this.#attempt + 1, 30);
    return ms;
  }
}
