import { eq } from 'drizzle-orm';
import type { accountApi } from '@siteops/contracts/account/api';
import { userSecurity } from '../../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { blockedUntil, ownAccountKey, recordFailure, throttleKeys } from '../../auth/throttle.ts';
import { maskPii } from '../../crypto/pii.ts';
import type { Handler, HandlerContext } from '../../http/endpoint.ts';
import { badRequest, throttled } from '../../core/errors.ts';
import { t, type Text } from '../../core/messages/index.ts';
import { canSend } from './delivery.ts';
import { auditChanges, auditOwnAccount } from '../audit/record.ts';

/** a***@x.com: the first character of the local part, the domain whole. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? maskPii(email) : `${email[0]}***${email.slice(at)}`;
}

/** 138****0000 for a mainland mobile; first 3 and last 4 for any other length. */
export const maskPhone = (phone: string) => maskPii(phone);

/**
 * The caller's current password, for changes that must not follow from a stolen session alone; wrong
 * ones count like failed logins, as for a password change.
 */
export async function checkCurrentPassword(c: HandlerContext, password: string) {
  const keys = throttleKeys(c.user.userName, c.request.ip, c.config.login);
  const blocked = await blockedUntil(c.db, ownAccountKey(keys));
  if (blocked) throw throttled(blocked);
  if (!(await verifyPassword(c.user.password, password))) {
    const until = await recordFailure(c.db, keys, c.config.login);
    if (until) throw throttled(until);
    throw badRequest(t('account.passwordWrong'), { password: t('account.passwordWrong') });
  }
}

/** A security change always reaches the user's message box (no preference mutes it), like a password change. */
export function securityNotice(c: HandlerContext, title: Text) {
  return c.notifications.notify({
    to: { userIds: [c.user.id] },
    tab: 'message',
    level: 'warning',
    title,
    body: t('notification.security.body'),
    link: '/user/setting?tab=security',
  });
}

/** The answer as compared: case and surrounding spaces do not matter to a person recalling it. */
export const normaliseAnswer = (answer: string) => answer.trim().toLowerCase();

export const securityState: Handler<typeof accountApi.security> = async (c) => {
  const [row] = await c.db.select().from(userSecurity).where(eq(userSecurity.userId, c.user.id));
  return {
    question: { set: Boolean(row?.answerHash), question: row?.question ?? null },
    email: { bound: row?.email ? maskEmail(row.email) : null, available: canSend(c.config, 'email') },
    phone: { bound: row?.phone ? maskPhone(row.phone) : null, available: canSend(c.config, 'phone') },
    codeIntervalSeconds: Math.round(c.config.securityCodes.intervalMs / 1000),
  };
};

export const setSecurityQuestion: Handler<typeof accountApi.securityQuestion> = async (
  c,
  { password, question, answer },
) => {
  await checkCurrentPassword(c, password);
  const answerHash = await hashPassword(normaliseAnswer(answer));
  const [before] = await c.db
    .select({ question: userSecurity.question })
    .from(userSecurity)
    .where(eq(userSecurity.userId, c.user.id));
  await c.db.transaction(async (tx) => {
    await tx
      .insert(userSecurity)
      .values({ userId: c.user.id, question, answerHash })
      .onConflictDoUpdate({ target: userSecurity.userId, set: { question, answerHash } });
    // The question is the user's own words, kept; the answer never enters the audit log (named only).
    const changes = [...auditChanges(before ?? { question: null }, { question }), { field: 'answer', redacted: true }];
    await auditOwnAccount(c, 'account.securityQuestion', { question, changed: Boolean(before?.question), changes }, tx);
  });
  await securityNotice(c, t('notification.securityQuestionSet'));
  return null;
};

export const unbindSecurity: Handler<typeof accountApi.securityUnbind> = async (c, { channel, password }) => {
  await checkCurrentPassword(c, password);
  const masked = await c.db.transaction(async (tx) => {
    const [before] = await tx.select().from(userSecurity).where(eq(userSecurity.userId, c.user.id));
    const bound = before?.[channel];
    // Nothing bound: nothing changes, and nothing is audited.
    if (!bound) return null;
    const masked = channel === 'email' ? maskEmail(bound) : maskPhone(bound);
    await tx
      .update(userSecurity)
      .set({ [channel]: null })
      .where(eq(userSecurity.userId, c.user.id));
    const changes = auditChanges(before, { [channel]: null });
    await auditOwnAccount(c, 'account.securityUnbind', { channel, target: masked, changes }, tx);
    return masked;
  });
  if (masked)
    await securityNotice(
      c,
      t('notification.securityUnbound', { channel: t(`account.channel.${channel}`), target: masked }),
    );
  return null;
};
