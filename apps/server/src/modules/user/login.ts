import { eq, sql } from 'drizzle-orm';
import type { userApi } from '@siteops/contracts/api/user';
import { agents, users } from '../../db/schema/index.ts';
import { burnVerify, verifyPassword } from '../../auth/passwords.ts';
import { agentBlock, agentExpiredSql, createSession } from '../../auth/sessions.ts';
import { badCredentials, forbidden, tooManyRequests } from '../../http/errors.ts';
import type { Handler } from '../../http/endpoint.ts';

function lockedMessage(until: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return `Too many failed logins: this account is locked, try again in ${minutes} minute(s) (after ${until.toISOString()})`;
}

/**
 * Username and password for a bearer token. An unknown user costs the same as a wrong password and
 * gets the same answer; failures within the window lock the account.
 */
export const login: Handler<typeof userApi.login> = async (c, input) => {
  const { username, password } = input;
  const { db, config, request } = c;
  const [user] = await db.select().from(users).where(eq(users.userName, username)).limit(1);
  if (!user) {
    await burnVerify(password);
    throw badCredentials();
  }
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    throw tooManyRequests(lockedMessage(user.lockedUntil), user.lockedUntil);
  }
  if (!(await verifyPassword(user.password, password))) {
    const windowStart = new Date(Date.now() - config.login.lockMs);
    // One statement, so concurrent failures all count.
    const [after] = await db
      .update(users)
      .set({
        loginFailures: sql`case when ${users.firstFailureAt} is null or ${users.firstFailureAt} < ${windowStart} then 1 else ${users.loginFailures} + 1 end`,
        firstFailureAt: sql`case when ${users.firstFailureAt} is null or ${users.firstFailureAt} < ${windowStart} then now() else ${users.firstFailureAt} end`,
      })
      .where(eq(users.id, user.id))
      .returning({ failures: users.loginFailures });
    if (after && after.failures >= config.login.maxFailures) {
      const until = new Date(Date.now() + config.login.lockMs);
      await db
        .update(users)
        .set({ lockedUntil: until, loginFailures: 0, firstFailureAt: null })
        .where(eq(users.id, user.id));
      await c.audit({
        action: 'user.lock',
        targetType: 'user',
        targetId: user.id,
        actor: { id: null, name: username },
        detail: { until: until.toISOString() },
      });
      throw tooManyRequests(lockedMessage(until), until);
    }
    throw badCredentials();
  }
  if (user.enabled === 'disable') throw forbidden('This account has been disabled');
  if (user.agentId !== null) {
    const [agent] = await db
      .select({ status: agents.status, expDate: agents.expDate, expired: agentExpiredSql })
      .from(agents)
      .where(eq(agents.id, user.agentId));
    const blocked = agentBlock(agent ?? null);
    if (blocked) throw forbidden(blocked);
  }
  if (user.loginFailures > 0 || user.lockedUntil) {
    await db
      .update(users)
      .set({ loginFailures: 0, firstFailureAt: null, lockedUntil: null })
      .where(eq(users.id, user.id));
  }
  const token = await createSession(db, config.session, user.id, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  await c.audit({
    action: 'user.login',
    targetType: 'user',
    targetId: user.id,
    actor: { id: user.id, name: user.userName },
  });
  return { token, mustChangePassword: user.mustChangePassword };
};
