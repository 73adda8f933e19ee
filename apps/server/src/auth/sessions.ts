import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { agents, sessions, users, type RevokeReason, type UserRow } from '../db/schema/index.ts';
import { tokenExpired, tokenInvalid, tokenRevoked } from '../core/errors.ts';
import { t, type Text } from '../core/messages/index.ts';
import type { CachedSession, SessionCache } from './sessionCache.ts';

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** lastSeenAt is refreshed at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

export interface AuthContext {
  user: UserRow;
  sessionId: number;
}

export async function createSession(
  db: Db,
  policy: SessionPolicy,
  userId: number,
  meta: { ip?: string; userAgent?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + policy.maxMs),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512),
  });
  return token;
}

const REVOKED_MESSAGES: Record<string, Text> = {
  logout: t('auth.ended.logout'),
  password: t('auth.ended.password'),
  disabled: t('auth.ended.disabled'),
  admin: t('auth.ended.admin'),
  agent: t('auth.ended.agent'),
};

/** The 401 (50012) of a session ended for `reason`, saying why; an unknown reason reads as an admin's. */
export const sessionEnded = (reason: string | null) =>
  tokenRevoked(REVOKED_MESSAGES[reason ?? 'admin'] ?? REVOKED_MESSAGES.admin);

/** Whether the session is past its absolute lifetime or has been idle too long. */
export const sessionTimedOut = (session: { expiresAt: Date; lastSeenAt: Date }, policy: SessionPolicy, now: number) =>
  now >= session.expiresAt.getTime() || now - session.lastSeenAt.getTime() >= policy.idleMs;

/** True when the agent's last valid day (exp_date, inclusive) is before today. */
export const agentExpiredSql = sql<boolean>`coalesce(${agents.expDate} < current_date, false)`;

/**
 * Why the user's agent keeps it out (status invalid, or expDate passed), or null. Users without an
 * agent (admins) are never blocked by this.
 */
export function agentBlock(agent: { status: string | null; expDate: string | null; expired: boolean } | null) {
  if (!agent || agent.status === null) return null;
  if (agent.status === 'invalid') return t('auth.agentInvalid');
  if (agent.expired) return t('auth.agentExpired', { date: agent.expDate ?? '' });
  return null;
}

/**
 * The session `where` finds, with its user and the standing of the user's agent (for {@link agentBlock};
 * `agentExpiresAt` is when an agent still valid today stops being so).
 */
export async function sessionWithUser(db: Db, where: SQL) {
  const [row] = await db
    .select({
      session: sessions,
      user: users,
      agent: { status: agents.status, expDate: agents.expDate, expired: agentExpiredSql },
      agentExpiresAt: sql<Date | null>`(${agents.expDate} + 1)::timestamptz`.mapWith((v) => (v ? new Date(v) : null)),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(agents, eq(agents.id, users.agentId))
    .where(where)
    .limit(1);
  return row;
}

/** Bearer token -> live session and user, or the 401 that says why not (50008 / 50012 / 50014). */
export async function resolveSession(
  db: Db,
  policy: SessionPolicy,
  header: string | undefined,
  cache?: SessionCache,
): Promise<AuthContext> {
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token || !TOKEN_SHAPE.test(token)) throw tokenInvalid();
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  if (cached && (!cached.agentExpiresAt || Date.now() < cached.agentExpiresAt.getTime())) {
    return live(db, policy, cached, (lastSeenAt) => cache?.touched(tokenHash, lastSeenAt));
  }
  const generation = cache?.begin() ?? 0;
  const row = await sessionWithUser(db, eq(sessions.tokenHash, tokenHash));
  if (!row) throw tokenInvalid();
  const { session, user } = row;
  if (session.revokedAt) throw sessionEnded(session.revokeReason);
  if (user.enabled === 'disable') {
    await revokeUserSessions(db, user.id, 'disabled');
    throw sessionEnded('disabled');
  }
  if (agentBlock(row.agent)) {
    // An agent that went invalid or expired ends its users' sessions (also revoked eagerly on update).
    await revokeUserSessions(db, user.id, 'agent');
    throw sessionEnded('agent');
  }
  const found: CachedSession = { session, user, agentExpiresAt: row.agentExpiresAt };
  const context = await live(db, policy, found, (lastSeenAt) => (found.session = { ...session, lastSeenAt }));
  cache?.set(tokenHash, found, generation);
  return context;
}

/** The time rules (absolute and idle expiry) and the lastSeenAt refresh, for a fresh or a cached session. */
async function live(
  db: Db,
  policy: SessionPolicy,
  { session, user }: CachedSession,
  onTouched: (lastSeenAt: Date) => void,
): Promise<AuthContext> {
  const now = Date.now();
  if (sessionTimedOut(session, policy, now)) throw tokenExpired();
  if (now - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    const lastSeenAt = new Date(now);
    await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, session.id));
    onTouched(lastSeenAt);
  }
  return { user, sessionId: session.id };
}

export async function revokeSession(db: Db, sessionId: number, reason: RevokeReason) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** End every live session of every user of an agent (it went invalid or expired). */
export async function revokeAgentSessions(db: Db, agentId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokeReason: 'agent' })
    .where(
      and(
        isNull(sessions.revokedAt),
        sql`${sessions.userId} in (select a_s.id from ${users} a_s where a_s.agent_id = ${agentId})`,
      ),
    );
}

/** End every live session of a user, optionally sparing the one making the change. */
export async function revokeUserSessions(db: Db, userId: number, reason: RevokeReason, exceptSessionId?: number) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId !== undefined) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(...conditions));
}
