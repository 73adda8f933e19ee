import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { blockedUntil, recordFailure, type Key } from '../../auth/throttle.ts';
import { tooManyRequests } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';

/**
 * The public self-registration pages count their writes on the login throttle's counters (decision
 * 0008: shared by every instance, a back-off from 1 minute doubling to LOGIN_LOCK_MINUTES, forgotten
 * after that long without an attempt), under keys of their own: this client, and this project (so a
 * flood spread over many addresses cannot fill one site's audit queue).
 */
export function selfRegKeys(client: string, projectId: number | null, config: Config): Key[] {
  const h = (s: string) => createHash('sha256').update(s).digest('hex');
  const keys = [{ hash: h(`selfReg-client\0${client}`), limit: config.selfReg.clientMax }];
  if (projectId !== null) keys.push({ hash: h(`selfReg-project\0${projectId}`), limit: config.selfReg.projectMax });
  return keys;
}

const throttled = (until: Date) => {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return tooManyRequests(t('visitor.selfRegThrottled', { minutes }), until);
};

/** 429 while any of the keys is backing off. */
export async function assertNotThrottled(db: Db, keys: Key[]) {
  const until = await blockedUntil(db, keys);
  if (until) throw throttled(until);
}

/** Count one attempt on every key; the attempt that reaches a limit still goes through, the next waits. */
export async function countAttempt(db: Db, keys: Key[], config: Config) {
  await recordFailure(db, keys, config.login);
}
