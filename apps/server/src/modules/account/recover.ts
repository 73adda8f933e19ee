import { eq, sql } from 'drizzle-orm';
import type { SecurityChannel } from '@siteops/contracts/account/schemas';
import type { accountApi } from '@siteops/contracts/account/api';
import type { Db } from '../../db/client.ts';
import { userSecurity, users } from '../../db/schema/index.ts';
import { burnVerify, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { blockedUntil, clearAccount, recordFailure, throttleKeys } from '../../auth/throttle.ts';
import type { Handler, HandlerContext } from '../../http/endpoint.ts';
import { badRequest, throttled } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { canSend } from './delivery.ts';
import { normaliseAnswer } from './security.ts';

/** The enabled account behind a name with its security settings; undefined for no such account or a disabled one. */
export async function accountByName(c: HandlerContext, username: string) {
  const [row] = await c.db
    .select({
      id: users.id,
      userName: users.userName,
      enabled: users.enabled,
      question: userSecurity.question,
      answerHash: userSecurity.answerHash,
      email: userSecurity.email,
      phone: userSecurity.phone,
    })
    .from(users)
    .innerJoin(userSecurity, eq(userSecurity.userId, users.id))
    .where(sql`lower(${users.userName}) = lower(${username})`)
    .limit(1);
  return row && row.enabled !== 'disable' ? row : undefined;
}
export type RecoveringAccount = { id: number; userName: string };

/** The account behind a name with what recovery by question needs; undefined for names that cannot recover. */
async function recoverable(c: HandlerContext, username: string) {
  const row = await accountByName(c, username);
  return row?.question && row.answerHash ? { ...row, question: row.question, answerHash: row.answerHash } : undefined;
}

/**
 * A question as typed and as set, compared loosely: Unicode-normalised (full-width ？ is ?), any case,
 * without spaces or punctuation, so "First school?" matches "first school".
 */
export const normaliseQuestion = (q: string) =>
  q
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');

/** Step 1: the ways to recover, the same for every name; the question is never shown (issue 30). */
export const recoverQuestion: Handler<typeof accountApi.recoverQuestion> = async (c, { username }) => {
  const blocked = await blockedUntil(c.db, throttleKeys(username, c.request.ip, c.config.login));
  if (blocked) throw throttled(blocked);
  // The codes are offered to every name alike: whether they would reach anyone is not said.
  return { emailCode: canSend(c.config, 'email'), phoneCode: canSend(c.config, 'phone') };
};

/**
 * The account's question, typed as set, and the right answer set the new password and end every
 * session of the account (whoever forgot it may have left one open somewhere). A wrong question, a
 * wrong answer, an unknown name and a name without a question read the same and cost the same (the
 * answer is always verified against a hash), and count as failed logins of the account from this client.
 */
export const recoverPassword: Handler<typeof accountApi.recoverPassword> = async (
  c,
  { username, question, answer, newPassword },
) => {
  const keys = throttleKeys(username, c.request.ip, c.config.login);
  const blocked = await blockedUntil(c.db, keys);
  if (blocked) throw throttled(blocked);
  const account = await recoverable(c, username);
  const answered = account
    ? await verifyPassword(account.answerHash, normaliseAnswer(answer))
    : (await burnVerify(answer), false);
  const right = answered && normaliseQuestion(question) === normaliseQuestion(account!.question);
  if (!account || !right) {
    const until = await recordFailure(c.db, keys, c.config.login);
    if (until) throw throttled(until);
    throw badRequest(t('account.recoverWrong'), { answer: t('account.recoverWrong') });
  }
  await finishRecovery(c, account, keys, newPassword, 'question');
  return null;
};

/**
 * How every recovery ends, whatever proved the person: the new password is set, every session of the
 * account ends (whoever forgot it may have left one open somewhere), it is audited in the user's
 * security log, this client's failed logins of the account are forgotten, and the user is told.
 */
export async function finishRecovery(
  c: HandlerContext,
  account: RecoveringAccount,
  keys: ReturnType<typeof throttleKeys>,
  newPassword: string,
  by: 'question' | SecurityChannel,
  /** Run first in the same transaction (the code is claimed there); throws to change nothing. */
  claim?: (tx: Db) => Promise<void>,
): Promise<void> {
  const password = await hashPassword(newPassword);
  await c.db.transaction(async (tx) => {
    await claim?.(tx);
    await tx
      .update(users)
      .set({ password, mustChangePassword: false, passwordExpiresAt: null, updatedId: account.id })
      .where(eq(users.id, account.id));
    await revokeUserSessions(tx, account.id, 'password');
    await c.audit(
      {
        action: 'account.recoverPassword',
        targetType: 'user',
        targetId: account.id,
        actor: { id: account.id, name: account.userName },
        detail: { ip: c.request.ip, by },
      },
      tx,
    );
  });
  await clearAccount(c.db, keys);
  await c.notifications.notify({
    to: { userIds: [account.id] },
    tab: 'message',
    level: 'warning',
    title: t(
      by === 'email'
        ? 'notification.passwordRecoveredByEmail'
        : by === 'phone'
          ? 'notification.passwordRecoveredByPhone'
          : 'notification.passwordRecovered',
    ),
    body: t('notification.passwordRecovered.body'),
    link: '/user/setting?tab=security',
  });
}
