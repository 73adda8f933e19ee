import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { TicketPurpose } from '@siteops/contracts/device-link/schemas';
import type { Db } from '../db/client.ts';
import { sessions, spentTickets, type UserRow } from '../db/schema/index.ts';
import { agentBlock, sessionEnded, sessionTimedOut, sessionWithUser, type SessionPolicy } from './sessions.ts';
import { mustChangePassword, tokenExpired, tokenInvalid } from '../core/errors.ts';

/** How long a ticket may be used to START something, per purpose (see contracts/device-link/schemas.ts). */
export const TICKET_LIFETIME_MS: Record<TicketPurpose, number> = {
  live: 24 * 3_600_000,
  terminal: 60_000,
  remote: 12 * 3_600_000,
};

export interface Ticket {
  sessionId: number;
  purpose: TicketPurpose;
  deviceId?: number;
  /** Expiry, ms since the epoch. */
  exp: number;
}

/**
 * Signed tickets for what cannot send a bearer header (a browser WebSocket, a new tab).
 * A ticket names a session, not a user: the session is looked up on every use, so logging out or
 * disabling the user ends every ticket at once. Stateless (HMAC), so any instance accepts a ticket
 * another one issued (they share the master key, checked at start against the database).
 */
export class Tickets {
  readonly #key: Buffer;
  constructor(key: Buffer) {
    this.#key = key;
  }

  #sign(body: string) {
    return createHmac('sha256', this.#key).update(body).digest('base64url');
  }

  issue(t: Omit<Ticket, 'exp'> & { exp?: number }, now = Date.now()): { ticket: string; exp: number } {
    const exp = t.exp ?? now + TICKET_LIFETIME_MS[t.purpose];
    const body = Buffer.from(
      JSON.stringify({ s: t.sessionId, p: t.purpose, d: t.deviceId, e: exp, n: randomBytes(6).toString('base64url') }),
    ).toString('base64url');
    return { ticket: `${body}.${this.#sign(body)}`, exp };
  }

  /** The ticket, or null when it is malformed, forged, expired or for another purpose. */
  verify(ticket: string | undefined, purpose: TicketPurpose, now = Date.now()): Ticket | null {
    if (!ticket || ticket.length > 1024) return null;
    const dot = ticket.indexOf('.');
    if (dot < 1) return null;
    const body = ticket.slice(0, dot);
    const given = Buffer.from(ticket.slice(dot + 1));
    const expected = Buffer.from(this.#sign(body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let parsed: { s?: unknown; p?: unknown; d?: unknown; e?: unknown };
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (parsed.p !== purpose || typeof parsed.s !== 'number' || typeof parsed.e !== 'number') return null;
    if (parsed.e <= now) return null;
    return {
      sessionId: parsed.s,
      purpose,
      deviceId: typeof parsed.d === 'number' ? parsed.d : undefined,
      exp: parsed.e,
    };
  }
}

/**
 * Spend a single-use ticket (a terminal's): true the first time, false ever after on any instance. A
 * terminal URL that leaks (a proxy log, a screen share) then opens nothing. Spent rows outlive the
 * ticket's own expiry by nothing; each spend removes the expired ones (terminal tickets live a minute).
 */
export async function spendTicket(db: Db, ticket: string, exp: number): Promise<boolean> {
  const mac = ticket.slice(ticket.indexOf('.') + 1);
  const fresh = await db
    .insert(spentTickets)
    .values({ mac, expiresAt: new Date(exp) })
    .onConflictDoNothing()
    .returning({ mac: spentTickets.mac });
  await db.delete(spentTickets).where(lt(spentTickets.expiresAt, sql`now()`));
  return fresh.length === 1;
}

/**
 * The live session behind a ticket, with the same verdicts as the bearer check (auth/sessions.ts
 * resolveSession): 50008 unknown, 50012 ended, 50014 expired. Does not refresh lastSeenAt: an open
 * live stream alone does not keep a session from going idle.
 */
export async function sessionOfTicket(db: Db, policy: SessionPolicy, sessionId: number): Promise<UserRow> {
  const row = await sessionWithUser(db, eq(sessions.id, sessionId));
  if (!row) throw tokenInvalid();
  const { session, user } = row;
  if (session.revokedAt) throw sessionEnded(session.revokeReason);
  if (user.enabled === 'disable') throw sessionEnded('disabled');
  if (agentBlock(row.agent)) throw sessionEnded('agent');
  if (sessionTimedOut(session, policy, Date.now())) throw tokenExpired();
  if (user.mustChangePassword) {
    throw mustChangePassword();
  }
  return user;
}
