import { createHash } from 'node:crypto';
import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginThrottle } from '../db/schema/index.ts';

export interface ThrottleConfig {
  /** Failures of one account from one client before backing off. */
  maxFailures: number;
  /** Failures from one client, over all accounts (known or not), before backing off. */
  clientMaxFailures: number;
  /** The longest back-off; also how long after the last failure (or block) a counter is forgotten. */
  lockMs: number;
}

/** The first back-off; each further failure while over the limit doubles it, up to `lockMs`. */
const FIRST_BLOCK_MS = 60_000;

export interface Key {
  hash: string;
  limit: number;
}

/**
 * The two counters one login attempt touches: this account from this client, and this client over all
 * accounts (docs/decisions/0011-login-throttle.md). A stranger's failures never reach the owner's own
 * counter on another client, so they cannot lock the owner out; a name that does not exist is counted
 * exactly like one that does, so the answers do not tell them apart.
 */
export function throttleKeys(userName: string, client: string, config: ThrottleConfig): Key[] {
  const h = (s: string) => createHash('sha256').update(s).digest('hex');
  return [
    { hash: h(`account\0${userName.toLowerCase()}\0${client}`), limit: config.maxFailures },
    { hash: h(`client\0${client}`), limit: config.clientMaxFailures },
  ];
}

/**
 * The one counter of a login from a trusted device: a browser holding a device cookie for the account
 * (modules/user/deviceCookie.ts), issued when it last logged in to it. Its failures count on this
 * device alone, and neither the client's address nor others' failures on the account ever refuse it
 * (OWASP's device cookies; docs/decisions/0008-login-throttle.md).
 */
export function deviceThrottleKeys(deviceId: string, config: ThrottleConfig): Key[] {
  return [{ hash: createHash('sha256').update(`device\0${deviceId}`).digest('hex'), limit: config.maxFailures }];
}

/**
 * The account + client counter alone: what a signed-in caller's check of its own password waits on. Its
 * session already proved who it is, so failures of others behind its address (the client's counter, kept
 * against credential stuffing) never refuse it; its own wrong passwords still count on both.
 */
export const ownAccountKey = (keys: Key[]): Key[] => keys.slice(0, 1);

/** The latest time any of the keys is blocked until, or null when the attempt may go ahead. */
export async function blockedUntil(db: Db, keys: Key[]): Promise<Date | null> {
  const rows = await db
    .select({ until: loginThrottle.blockedUntil })
    .from(loginThrottle)
    .where(
      and(
        inArray(
          loginThrottle.key,
          keys.map((k) => k.hash),
        ),
        gt(loginThrottle.blockedUntil, sql`now()`),
      ),
    );
  return latest(rows.map((r) => r.until));
}

/**
 * Count one failure on every key (one statement per key, so concurrent failures all count) and block
 * the keys that went over their limit. Answers the block's end when this failure caused one.
 */
export async function recordFailure(db: Db, keys: Key[], config: ThrottleConfig): Promise<Date | null> {
  const forget = sql`now() - make_interval(secs => ${config.lockMs / 1000})`;
  const ends: (Date | null)[] = [];
  for (const key of keys) {
    const [row] = await db
      .insert(loginThrottle)
      .values({ key: key.hash, failures: 1 })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          // Quiet for the forget period after the last failure and after any block: start again.
          failures: sql`case when greatest(${loginThrottle.lastFailureAt}, ${loginThrottle.blockedUntil}) < ${forget} then 1 else ${loginThrottle.failures} + 1 end`,
          lastFailureAt: sql`now()`,
        },
      })
      .returning({ failures: loginThrottle.failures });
    if (!row || row.failures < key.limit) continue;
    const ms = Math.min(config.lockMs, FIRST_BLOCK_MS * 2 ** Math.min(30, row.failures - key.limit));
    const [blocked] = await db
      .update(loginThrottle)
      .set({ blockedUntil: sql`now() + make_interval(secs => ${ms / 1000})` })
      .where(sql`${loginThrottle.key} = ${key.hash}`)
      .returning({ until: loginThrottle.blockedUntil });
    ends.push(blocked?.until ?? null);
  }
  return latest(ends);
}

/**
 * A right password from this client forgets this account's failures from it (not the client's own);
 * from a trusted device, that device's failures.
 */
export async function clearAccount(db: Db, keys: Key[]): Promise<void> {
  await db.delete(loginThrottle).where(sql`${loginThrottle.key} = ${keys[0].hash}`);
}

/** Counters nobody has touched for twice the forget period (an attacker spraying names makes many). */
export async function pruneThrottle(db: Db, config: ThrottleConfig): Promise<void> {
  const before = sql`now() - make_interval(secs => ${(2 * config.lockMs) / 1000})`;
  await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.lastFailureAt, before),
        sql`coalesce(${loginThrottle.blockedUntil}, ${before}) <= ${before}`,
      ),
    );
}

function latest(dates: (Date | null)[]): Date | null {
  return dates.reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null);
}
