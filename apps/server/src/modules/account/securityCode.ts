import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { Code } from '@siteops/contracts/shared/envelope';
import { SECURITY_CODE_DIGITS } from '@siteops/contracts/account/schemas';
import type { accountApi } from '@siteops/contracts/account/api';
import type { Db } from '../../db/client.ts';
import { recoveryCodes, securityCodes, userSecurity } from '../../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { Handler } from '../../http/endpoint.ts';
import { ApiError, badRequest, conflict, tooManyRequests } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { canSend, sendCode } from './delivery.ts';
import { maskEmail, maskPhone, securityNotice } from './security.ts';
import { auditOwnAccount } from '../audit/record.ts';

/** Tries a code allows, the right one included; then it is dead and a new one must be requested. */
export const CODE_TRIES = 5;
const DAY_MS = 86_400_000;

/**
 * The keyed hash a target is stored and counted under: its owner's address never sits in the codes
 * table, and the same address counts the same whoever asks (one address cannot be flooded by many users).
 */
export const targetHashOf = (c: { pii: { searchHash(s: string): string } }, channel: string, target: string) =>
  c.pii.searchHash(`security-${channel}\0${target}`);

/** The tables of sent one-time codes (db/schema/security.ts: both hold `sentCodeColumns`). */
type SentCodes = typeof securityCodes | typeof recoveryCodes;

/** When the next code may be asked for under `where`, or null when now: the interval and the daily cap. */
async function nextAllowed(
  db: Db,
  table: SentCodes,
  where: SQL,
  intervalMs: number,
  dailyMax: number,
): Promise<Date | null> {
  const since = new Date(Date.now() - DAY_MS);
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      first: sql<string | null>`min(${table.createdAt})`,
      last: sql<string | null>`max(${table.createdAt})`,
    })
    .from(table)
    .where(and(where, gt(table.createdAt, since)));
  if (!row?.last) return null;
  const waitUntil = new Date(new Date(row.last).getTime() + intervalMs);
  if (waitUntil.getTime() > Date.now()) return waitUntil;
  if (row.count >= dailyMax) return new Date(new Date(row.first!).getTime() + DAY_MS);
  return null;
}

/**
 * A 429 when any of `wheres` has had a code too recently or too often today (SECURITY_CODE_INTERVAL_SECONDS,
 * SECURITY_CODE_DAILY_MAX). Run it in the transaction that inserts the code, under advisory locks on the
 * same keys, so two requests at once cannot both pass.
 */
export async function throwIfLimited(
  db: Db,
  table: SentCodes,
  wheres: SQL[],
  limits: { intervalMs: number; dailyMax: number },
): Promise<void> {
  for (const where of wheres) {
    const until = await nextAllowed(db, table, where, limits.intervalMs, limits.dailyMax);
    if (until) {
      const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
      throw tooManyRequests(
        until.getTime() - Date.now() > limits.intervalMs
          ? t('account.codeDailyLimit', { time: until.toISOString().slice(0, 16).replace('T', ' ') })
          : t('account.codeTooSoon', { seconds }),
        until,
      );
    }
  }
}

/**
 * Spend one try of the code before it is compared, in one conditional update, so parallel guesses cannot
 * exceed CODE_TRIES: answers the tries spent so far, or refuses the code when it has died meanwhile (no
 * tries left, used, expired).
 */
export async function spendTry(db: Db, table: SentCodes, id: number): Promise<number> {
  const [spent] = await db
    .update(table)
    .set({ tries: sql`${table.tries} + 1` })
    .where(and(eq(table.id, id), lt(table.tries, CODE_TRIES), isNull(table.usedAt), gt(table.expiresAt, sql`now()`)))
    .returning({ tries: table.tries });
  if (!spent) throw badRequest(t('account.codeDead'), { code: t('account.codeDead') });
  return spent.tries;
}

/** The refusal of a wrong code after `triesSpent` tries: how many are left, or that the code is dead. */
export function wrongCode(triesSpent: number): ApiError {
  const left = CODE_TRIES - triesSpent;
  const msg = left > 0 ? t('account.codeWrong', { left }) : t('account.codeDead');
  return badRequest(msg, { code: msg });
}

/** A fresh code of SECURITY_CODE_DIGITS digits and its argon2id hash (all that is stored). */
export async function newCode(): Promise<{ code: string; codeHash: string }> {
  const code = String(randomInt(0, 10 ** SECURITY_CODE_DIGITS)).padStart(SECURITY_CODE_DIGITS, '0');
  return { code, codeHash: await hashPassword(code) };
}

/** Rows older than this serve no limit any more. */
export const codesOutlived = () => new Date(Date.now() - DAY_MS);

export const requestSecurityCode: Handler<typeof accountApi.securityCode> = async (c, { channel, target }) => {
  if (!canSend(c.config, channel))
    throw conflict(t(channel === 'email' ? 'account.emailNotConfigured' : 'account.phoneNotConfigured'), {
      notConfigured: channel,
    });
  const { intervalMs, ttlMs } = c.config.securityCodes;
  const targetHash = targetHashOf(c, channel, target);
  const { code, codeHash } = await newCode();
  const row = await c.db.transaction(async (tx) => {
    // Two requests at once must not both pass the limits: they queue on the user and on the target.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`security-code-user:${c.user.id}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`security-code-target:${targetHash}`}))`);
    await throwIfLimited(
      tx,
      securityCodes,
      [
        and(eq(securityCodes.userId, c.user.id), eq(securityCodes.channel, channel))!,
        eq(securityCodes.targetHash, targetHash),
      ],
      c.config.securityCodes,
    );
    // The limits look back one day: older rows of this user serve nothing any more.
    await tx
      .delete(securityCodes)
      .where(and(eq(securityCodes.userId, c.user.id), lt(securityCodes.createdAt, codesOutlived())));
    const [inserted] = await tx
      .insert(securityCodes)
      .values({ userId: c.user.id, channel, targetHash, codeHash, expiresAt: new Date(Date.now() + ttlMs) })
      .returning();
    return inserted!;
  });
  try {
    await sendCode(c.config, {
      channel,
      target,
      code,
      lang: c.lang,
      userName: c.user.userName,
      minutes: Math.round(ttlMs / 60_000),
    });
  } catch (err) {
    // Not sent: it must not count against the user's limits nor be confirmable.
    await c.db.delete(securityCodes).where(eq(securityCodes.id, row.id));
    c.request.log.warn({ err, channel }, 'security code not sent');
    throw new ApiError(502, Code.internal, t('account.sendFailed'));
  }
  return {
    expiresAt: row.expiresAt.toISOString(),
    resendAt: new Date(row.createdAt.getTime() + intervalMs).toISOString(),
  };
};

export const bindSecurityTarget: Handler<typeof accountApi.securityBind> = async (c, { channel, target, code }) => {
  const targetHash = targetHashOf(c, channel, target);
  // Only the newest code the caller asked for this target counts: another user's code, or an older
  // one, is as good as none.
  const [latest] = await c.db
    .select()
    .from(securityCodes)
    .where(
      and(
        eq(securityCodes.userId, c.user.id),
        eq(securityCodes.channel, channel),
        eq(securityCodes.targetHash, targetHash),
      ),
    )
    .orderBy(desc(securityCodes.id))
    .limit(1);
  if (!latest || latest.usedAt || latest.expiresAt.getTime() <= Date.now())
    throw badRequest(t('account.codeMissing'), { code: t('account.codeMissing') });
  const triesSpent = await spendTry(c.db, securityCodes, latest.id);
  if (!(await verifyPassword(latest.codeHash, code))) throw wrongCode(triesSpent);
  const masked = channel === 'email' ? maskEmail(target) : maskPhone(target);
  await c.db.transaction(async (tx) => {
    const used = await tx
      .update(securityCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(securityCodes.id, latest.id), isNull(securityCodes.usedAt)))
      .returning({ id: securityCodes.id });
    // The same code confirmed twice at once binds once.
    if (!used.length) throw badRequest(t('account.codeMissing'), { code: t('account.codeMissing') });
    await tx
      .insert(userSecurity)
      .values({ userId: c.user.id, [channel]: target })
      .onConflictDoUpdate({ target: userSecurity.userId, set: { [channel]: target } });
    await auditOwnAccount(c, 'account.securityBind', { channel, target: masked }, tx);
  });
  await securityNotice(
    c,
    t('notification.securityBound', { channel: t(`account.channel.${channel}`), target: masked }),
  );
  return null;
};
