import type { StoredAttempt } from '../../../db/schema/index.ts';
import { checkAddress, type AddressPolicy } from './addresses.ts';

/** How long one attempt may take before it counts as no answer. */
const ATTEMPT_TIMEOUT_MS = 10_000;
/** Tries in all (the first and two retries). */
export const ATTEMPTS = 3;
/** The start of an answer kept in the log. */
const ANSWER_MAX = 500;

export interface PostResult {
  /** The last attempt's HTTP status (null: no answer). */
  status: number | null;
  /** The start of the last answer's body. */
  answer: string | null;
  /** Why the last attempt failed when there was no answer (never the address). */
  error: string | null;
  attempts: StoredAttempt[];
}

/** What an error says without the address it was about: its code (ECONNREFUSED, timeout…) only. */
export function errorWords(err: unknown): string {
  const e = err as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timeout';
  return (e?.cause?.code ?? e?.code ?? e?.cause?.name ?? e?.name ?? 'error').slice(0, 64);
}

const worthRetrying = (status: number | null) => status === null || status === 429 || status >= 500;

/**
 * POST `body` to `url` (a secret: it never reaches a log or an error), trying again after `retryMs`
 * and 4 × `retryMs` when the receiver answers 5xx or 429 or does not answer. `headers` is called for
 * each attempt (a signature carries the time it was made).
 */
export async function postWithRetries(
  target: () => { url: string; body: string; headers: Record<string, string> },
  retryMs: number,
  /** Where it may go (ALARM_WEBHOOK_ADDRESSES); the server's own SMS webhook is the operator's: `any`. */
  policy: AddressPolicy = 'any',
): Promise<PostResult> {
  const attempts: StoredAttempt[] = [];
  for (let n = 0; n < ATTEMPTS; n++) {
    if (n > 0) await new Promise((resolve) => setTimeout(resolve, retryMs * 4 ** (n - 1)));
    const at = new Date().toISOString();
    const { url, body, headers } = target();
    try {
      await checkAddress(url, policy);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      const answer = (await res.text().catch(() => '')).slice(0, ANSWER_MAX);
      attempts.push({ at, status: res.status, answer, error: null });
      if (!worthRetrying(res.status)) break;
    } catch (err) {
      attempts.push({ at, status: null, answer: null, error: errorWords(err) });
      // A refused address stays refused: no retry.
      if (errorWords(err) === 'blockedAddress') break;
    }
  }
  const last = attempts[attempts.length - 1];
  return { status: last.status, answer: last.answer, error: last.error, attempts };
}
