import { and, eq, gt, sql } from 'drizzle-orm';
import type { userApi } from '@siteops/contracts/user/api';
import { agents, users } from '../../db/schema/index.ts';
import { burnVerify, verifyPassword } from '../../auth/passwords.ts';
import { agentBlock, agentExpiredSql, createSession } from '../../auth/sessions.ts';
import { badCredentials, forbidden, throttled } from '../../core/errors.ts';
import { blockedUntil, clearAccount, deviceThrottleKeys, recordFailure, throttleKeys } from '../../auth/throttle.ts';
import type { Handler } from '../../http/endpoint.ts';
import type { Db } from '../../db/client.ts';
import { t } from '../../core/messages/index.ts';
import { issueDeviceCookie, trustedDevice } from './deviceCookie.ts';

/**
 * Username and password for a bearer token. Failures back off per account and client, and per client
 * (auth/throttle.ts); an unknown user costs the same, is counted the same and gets the same answers.
 * A browser that logged in to the account before (its device cookie, deviceCookie.ts) is counted on
 * its own: the address's counters never refuse it (decision 0008), until it fails too often itself.
 */
export const login: Handler<typeof userApi.login> = async (c, input) => {
  const { username, password } = input;
  const { db, config, request } = c;
  const device = trustedDevice(c.pii, request, username);
  let keys = device ? deviceThrottleKeys(device, config.login) : throttleKeys(username, request.ip, config.login);
  let blocked = await blockedUntil(db, keys);
  if (blocked && device) {
    // A device that failed too often itself is no longer trusted: the address's rules apply.
    keys = throttleKeys(username, request.ip, config.login);
    blocked = await blockedUntil(db, keys);
  }
  if (blocked) throw throttled(blocked);
  // Names are unique regardless of case, so this finds at most one account (decision 0009).
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${username})`)
    .limit(1);
  const verified = user ? await verifyPassword(user.password, password) : (await burnVerify(password), false);
  if (!user || !verified) {
    const until = await recordFailure(db, keys, config.login);
    if (until && user) {
      await c.audit({
        action: 'user.lock',
        targetType: 'user',
        targetId: user.id,
        actor: { id: null, name: username },
        detail: { until: until.toISOString(), ip: request.ip },
      });
    }
    throw until ? throttled(until) : badCredentials();
  }
  if (user.enabled === 'disable') throw forbidden(t('auth.accountDisabled'));
  if (user.agentId !== null) {
    const [agent] = await db
      .select({ status: agents.status, expDate: agents.expDate, expired: agentExpiredSql })
      .from(agents)
      .where(eq(agents.id, user.agentId));
    const blocked = agentBlock(agent ?? null);
    if (blocked) throw forbidden(blocked);
  }
  if (user.passwordExpiresAt !== null) await spendOneTimePassword(db, user.id);
  await clearAccount(db, keys);
  issueDeviceCookie(c.pii, request, c.reply, user.userName);
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

/**
 * A one-time password logs in once, before it expires: this login spends it (atomically, so two logins
 * racing with it cannot both pass). The session it opens may only change the password.
 */
async function spendOneTimePassword(db: Db, id: number) {
  const spent = await db
    .update(users)
    .set({ passwordExpiresAt: sql`now()` })
    .where(and(eq(users.id, id), gt(users.passwordExpiresAt, sql`now()`)))
    .returning({ id: users.id });
  if (!spent.length) throw forbidden(t('auth.oneTimePasswordExpired'));
}
