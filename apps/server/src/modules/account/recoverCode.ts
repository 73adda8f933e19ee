import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { SECURITY_CHANNELS } from '@siteops/contracts/account/schemas';
import type { accountApi } from '@siteops/contracts/account/api';
import { recoveryCodes } from '../../db/schema/index.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { throttleKeys } from '../../auth/throttle.ts';
import type { Handler, HandlerContext } from '../../http/endpoint.ts';
import { badRequest, conflict } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { canSend, sendCode } from './delivery.ts';
import { accountByName, finishRecovery } from './recover.ts';
import { codesOutlived, newCode, spendTry, targetHashOf, throwIfLimited, wrongCode } from './securityCode.ts';

/**
 * A forgotten password, recovered with a one-time code sent to the account's security email or phone
 * (decision 0019, second and third addenda). Every name is treated alike: it gets a row, the same limits,
 * the same argon2 work and the same answer; only a real account with a bound address on the channel is
 * sent the code. One name's codes are one series whatever the channel: the limits count them together
 * and only the newest works, so a second channel adds no guesses. Limits and codes are per requesting
 * client (issue 30): a stranger asking for the owner's name uses up only its own codes, and its newest
 * code never voids the one the owner asked for; a code works on the client that asked for it.
 */

/** The keyed hash a name's recovery codes are stored and counted under. */
const nameHashOf = (c: HandlerContext, username: string) => c.pii.searchHash(`recover-name\0${username.toLowerCase()}`);
/** The keyed hash of the requesting client (its address) the codes are counted and matched under. */
const clientHashOf = (c: HandlerContext) => c.pii.searchHash(`recover-client\0${c.request.ip}`);

/** Codes one client may ask for in a day, over all names: several people behind one address can still recover. */
const CLIENT_DAILY_FACTOR = 3;

const missing = () => badRequest(t('account.recoverCodeMissing'), { code: t('account.recoverCodeMissing') });

/** The channel a code went by: the account's address on it is the one the row's target hash names. */
function channelOf(c: HandlerContext, account: { email: string | null; phone: string | null }, targetHash: string) {
  return SECURITY_CHANNELS.find((ch) => account[ch] !== null && targetHashOf(c, ch, account[ch]) === targetHash);
}

export const requestRecoveryCode: Handler<typeof accountApi.recoverCode> = async (c, { username, channel }) => {
  if (!canSend(c.config, channel))
    throw conflict(t(channel === 'email' ? 'account.recoverEmailNotConfigured' : 'account.recoverPhoneNotConfigured'), {
      notConfigured: channel,
    });
  const { ttlMs, intervalMs } = c.config.securityCodes;
  const nameHash = nameHashOf(c, username);
  const account = await accountByName(c, username);
  const target = account?.[channel] ?? null;
  // Where there is no address, the name stands in for one, so the per-address limit works the same.
  const targetHash = target ? targetHashOf(c, channel, target) : c.pii.searchHash(`recover-nowhere\0${nameHash}`);
  const clientHash = clientHashOf(c);
  const { code, row } = await c.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recovery-code-name:${nameHash}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recovery-code-target:${targetHash}`}))`);
    // Per name and per address, each from this client: whoever else asks counts on their own.
    const fromHere = eq(recoveryCodes.clientHash, clientHash);
    await throwIfLimited(
      tx,
      recoveryCodes,
      [and(eq(recoveryCodes.nameHash, nameHash), fromHere)!, and(eq(recoveryCodes.targetHash, targetHash), fromHere)!],
      c.config.securityCodes,
    );
    await throwIfLimited(tx, recoveryCodes, [eq(recoveryCodes.clientHash, clientHash)], {
      intervalMs: 0,
      dailyMax: c.config.securityCodes.dailyMax * CLIENT_DAILY_FACTOR,
    });
    // The limits look back one day: older rows (of any name) serve nothing any more.
    await tx.delete(recoveryCodes).where(lt(recoveryCodes.createdAt, codesOutlived()));
    // Hashed only once the limits let it through, so a flood of names costs no argon2 work.
    const { code, codeHash } = await newCode();
    const [inserted] = await tx
      .insert(recoveryCodes)
      .values({
        nameHash,
        userId: target ? account!.id : null,
        targetHash,
        clientHash,
        codeHash,
        expiresAt: new Date(Date.now() + ttlMs),
      })
      .returning();
    return { code, row: inserted! };
  });
  if (target) {
    // Not awaited: waiting on the mail server or webhook would tell a real address from none by the time
    // taken. A code that does not go out is logged; it stays counted, like one nobody was sent.
    sendCode(c.config, {
      channel,
      target,
      code,
      lang: c.lang,
      userName: account!.userName,
      minutes: Math.round(ttlMs / 60_000),
      purpose: 'recover',
    }).catch((err: unknown) => c.request.log.warn({ err, channel }, 'recovery code not sent'));
  }
  return {
    expiresAt: row.expiresAt.toISOString(),
    resendAt: new Date(row.createdAt.getTime() + intervalMs).toISOString(),
  };
};

/**
 * The newest code asked for the name from this client (by either channel), if it is still alive, sets
 * the new password.
 * A try is spent before the code is compared, in one conditional update, so parallel guesses cannot
 * exceed CODE_TRIES; at the limit the code is dead. A code only works while the account still has the
 * address it went to.
 */
export const recoverByCode: Handler<typeof accountApi.recoverByCode> = async (c, { username, code, newPassword }) => {
  const nameHash = nameHashOf(c, username);
  const [latest] = await c.db
    .select()
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.nameHash, nameHash), eq(recoveryCodes.clientHash, clientHashOf(c))))
    .orderBy(desc(recoveryCodes.id))
    .limit(1);
  if (!latest || latest.usedAt || latest.expiresAt.getTime() <= Date.now()) throw missing();
  const triesSpent = await spendTry(c.db, recoveryCodes, latest.id);
  const matches = await verifyPassword(latest.codeHash, code);
  const account = await accountByName(c, username);
  // The code works only while the account still has the address it went to, which says the channel.
  const by = account && latest.userId === account.id ? channelOf(c, account, latest.targetHash) : undefined;
  if (!matches || !account || !by) throw wrongCode(triesSpent);
  await finishRecovery(
    c,
    account,
    throttleKeys(username, c.request.ip, c.config.login),
    newPassword,
    by,
    async (tx) => {
      // The same code used twice at once resets once.
      const used = await tx
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(recoveryCodes.id, latest.id), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      if (!used.length) throw missing();
    },
  );
  return null;
};
