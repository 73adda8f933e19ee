import { and, eq } from 'drizzle-orm';
import type { userApi } from '@siteops/contracts/user/api';
import { users } from '../../db/schema/index.ts';
import { authOf } from '../../auth/guard.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { badRequest, conflict, notFoundOf, throttled } from '../../core/errors.ts';
import { blockedUntil, ownAccountKey, recordFailure, throttleKeys } from '../../auth/throttle.ts';
import { issueOneTimePassword, oneTimeAnswer, oneTimeColumns } from '../../auth/oneTimePassword.ts';
import { t } from '../../core/messages/index.ts';

/** The caller's own password; its other sessions end, this one stays. */
export const updatePasswd: Handler<typeof userApi.updatePasswd> = async (c, { oldPassword, newPassword }) => {
  const { user, sessionId } = authOf(c.request);
  // A stolen session must not become a way to guess the password: wrong old passwords count like failed logins.
  const keys = throttleKeys(user.userName, c.request.ip, c.config.login);
  const blocked = await blockedUntil(c.db, ownAccountKey(keys));
  if (blocked) throw throttled(blocked);
  if (!(await verifyPassword(user.password, oldPassword))) {
    const until = await recordFailure(c.db, keys, c.config.login);
    if (until) throw throttled(until);
    throw badRequest(t('user.oldPasswordWrong'), { oldPassword: t('user.oldPasswordWrong') });
  }
  if (oldPassword === newPassword) {
    throw badRequest(t('user.newPasswordSame'), { newPassword: t('user.newPasswordSame') });
  }
  await c.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        password: await hashPassword(newPassword),
        mustChangePassword: false,
        passwordExpiresAt: null,
        updatedId: user.id,
      })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, 'password', sessionId);
  });
  await c.audit({ action: 'user.updatePasswd', targetType: 'user', targetId: user.id });
  await c.notifications.notify({
    to: { userIds: [user.id] },
    tab: 'message',
    level: 'warning',
    title: t('notification.passwordChanged'),
    body: t('notification.passwordChanged.body'),
    link: '/user/setting',
  });
  return null;
};

/**
 * Admin: a one-time password, answered to the admin only (never stored in clear, logged or audited),
 * which logs in once before ONE_TIME_PASSWORD_HOURS and must then be changed; the user's sessions end
 * now. Not one's own: that would end the admin's session.
 */
export const resetPasswd: Handler<typeof userApi.resetPasswd> = async (c, { id }) => {
  const { db, config } = c;
  if (id === c.user.id) throw conflict(t('user.cannotResetOwn'));
  const issued = await issueOneTimePassword(config.oneTimePasswordHours);
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ ...oneTimeColumns(issued), updatedId: c.user.id })
      .where(and(eq(users.id, id), scope.users(c.caller)))
      .returning({ id: users.id });
    if (rows.length) await revokeUserSessions(tx, id, 'admin');
    return rows.length;
  });
  if (!changed) throw notFoundOf('User');
  await c.audit({ action: 'user.resetPasswd', targetType: 'user', targetId: id });
  await c.notifications.notify({
    to: { userIds: [id] },
    tab: 'message',
    level: 'warning',
    title: t('notification.passwordReset'),
    body: t('notification.passwordReset.body'),
    link: '/user/setting',
  });
  return oneTimeAnswer(issued);
};
