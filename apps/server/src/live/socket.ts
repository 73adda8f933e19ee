import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { Code } from '@siteops/contracts/shared/envelope';
import { LIVE_PATH, LiveClose, liveClientMessage, type LiveServerMessage } from '@siteops/contracts/live/schemas';
import { callerOf } from '../auth/scope.ts';
import { ApiError } from '../core/errors.ts';
import type { LiveConn } from './channel.ts';
import { managedProjects } from './scope.ts';
import type { Db } from '../db/client.ts';
import type { SessionPolicy } from '../auth/sessions.ts';
import type { Tickets } from '../auth/tickets.ts';
import type { LiveChannel } from './channel.ts';
import { sessionOfTicket } from '../auth/tickets.ts';

const PING_MS = 25_000;
const RECHECK_MS = 30_000;
/** A tab that reads slower than this much backlog is dropped (it reconnects and refetches). */
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;
/** Frames a tab may send before its channel is open (they are answered once it is). */
const MAX_EARLY_FRAMES = 32;
const MAX_FRAME_CHARS = 64 * 1024;

/**
 * GET ws /api/live?ticket=: the console's one live channel per tab (contracts/live/schemas.ts). The ticket's
 * session is checked on connect and every 30 s (a logout or a disabled user ends the channel with
 * `end` and close 4401); the caller's scope is re-read then too, so a changed role or a manager's
 * changed projects apply to every later event. Frames of one tab are handled one at a time.
 */
export function registerLiveSocket(
  app: FastifyInstance,
  deps: {
    db: Db;
    session: SessionPolicy;
    tickets: Tickets;
    channel: LiveChannel;
    /** The heartbeat interval the `ready` frame tells the tab (the console shows presence by it). */
    heartbeatSeconds: () => number;
  },
) {
  const { db, session, tickets, channel } = deps;
  app.get(
    LIVE_PATH,
    { websocket: true, config: { public: true }, schema: { hide: true } },
    (socket: WebSocket, request) => {
      const early: RawData[] = [];
      const timers: NodeJS.Timeout[] = [];
      let conn: LiveConn | undefined;
      let closed = false;
      let queue = Promise.resolve();

      const send = (m: LiveServerMessage) => {
        if (socket.readyState !== socket.OPEN) return;
        if (socket.bufferedAmount > MAX_BACKLOG_BYTES) return finish(LiveClose.tooSlow, 'too slow');
        socket.send(JSON.stringify(m));
      };
      const finish = (code: number, reason: string) => {
        if (closed) return;
        closed = true;
        timers.forEach(clearInterval);
        if (conn) channel.remove(conn);
        if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
      };
      const handle = async (raw: RawData) => {
        const text = raw.toString();
        let parsed;
        try {
          parsed = text.length <= MAX_FRAME_CHARS ? liveClientMessage.safeParse(JSON.parse(text)) : undefined;
        } catch {
          parsed = undefined;
        }
        if (!parsed?.success)
          return send({ type: 'error', msg: 'Not a live channel message (see contracts/live/schemas.ts)' });
        const m = parsed.data;
        if (m.op === 'subscribe') {
          const answer = await channel.subscribe(conn!, m.topics);
          send({ type: 'subscribed', ref: m.ref, ...answer });
        } else {
          send({ type: 'unsubscribed', ref: m.ref, topics: channel.unsubscribe(conn!, m.topics) });
        }
      };
      const enqueue = (raw: RawData) => {
        queue = queue
          .then(() => (closed ? undefined : handle(raw)))
          .catch((err) => {
            request.log.warn({ err }, 'live channel frame failed');
            send({ type: 'error', msg: 'The server could not handle that message' });
          });
      };

      socket.on('message', (raw) => {
        if (conn) enqueue(raw);
        else if (early.length < MAX_EARLY_FRAMES) early.push(raw);
      });
      socket.on('close', () => finish(1000, 'closed'));
      socket.on('error', () => finish(1000, 'closed'));

      void (async () => {
        const ticket = tickets.verify((request.query as { ticket?: string }).ticket, 'live');
        if (!ticket) return finish(LiveClose.unauthorized, 'ticket');
        let user;
        try {
          user = await sessionOfTicket(db, session, ticket.sessionId);
        } catch (err) {
          if (err instanceof ApiError) return finish(LiveClose.unauthorized, err.message.slice(0, 120));
          throw err;
        }
        const managed = user.role === 'manager' ? await managedProjects(db, user.id) : new Set<number>();
        if (closed) return;
        const opened: LiveConn = {
          userId: user.id,
          sessionId: ticket.sessionId,
          caller: callerOf(user),
          managed,
          topics: new Set(),
          send,
        };
        conn = opened;
        channel.add(opened);
        send({ type: 'ready', serverTime: new Date().toISOString(), heartbeatSeconds: deps.heartbeatSeconds() });
        for (const raw of early.splice(0)) enqueue(raw);
        timers.push(
          setInterval(() => socket.ping(), PING_MS),
          setInterval(() => {
            sessionOfTicket(db, session, ticket.sessionId)
              .then(async (u) => {
                opened.caller = callerOf(u);
                opened.managed = u.role === 'manager' ? await managedProjects(db, u.id) : new Set();
              })
              .catch((err) => {
                if (!(err instanceof ApiError)) return;
                send({ type: 'end', code: err.code, msg: err.message });
                finish(LiveClose.unauthorized, err.message.slice(0, 120));
              });
          }, RECHECK_MS),
        );
        for (const t of timers) t.unref();
      })().catch((err) => {
        request.log.error({ err }, 'live channel failed');
        send({ type: 'end', code: Code.internal, msg: 'The live channel failed' });
        finish(1011, 'failed');
      });
    },
  );
}
