import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEVICE_LINK_PATHS, eventsQuery } from '@siteops/contracts/device-link';
import type { UserRow } from '../../db/schema/index.ts';
import { callerOf } from '../../auth/scope.ts';
import { ApiError, tokenInvalid } from '../../http/errors.ts';
import type { DeviceLinkContext } from './context.ts';
import { sseFrame, writeFrame, type LiveClient } from './hub.ts';
import { sessionOfTicket } from './tickets.ts';

const PING_MS = 15_000;
const RECHECK_MS = 30_000;

/** GET /api/device/events?ticket=: the Server-Sent Events stream (contracts/device-link.ts). */
export function registerLiveEvents(app: FastifyInstance, ctx: DeviceLinkContext) {
  const { db, config, tickets, hub } = ctx;
  app.withTypeProvider<ZodTypeProvider>().get(
    DEVICE_LINK_PATHS.events,
    {
      config: { public: true },
      schema: {
        tags: ['device'],
        summary: 'Live device events (Server-Sent Events), authorised by an events ticket',
        querystring: eventsQuery,
      },
    },
    async (request, reply) => {
      const ticket = tickets.verify(request.query.ticket, 'events');
      if (!ticket) throw tokenInvalid();
      let user: UserRow = await sessionOfTicket(db, config.session, ticket.sessionId);
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const timers: NodeJS.Timeout[] = [];
      const client: LiveClient = {
        caller: callerOf(user),
        kinds: new Set(request.query.kinds ?? ['presence', 'telemetry', 'event']),
        deviceIds: request.query.deviceIds ? new Set(request.query.deviceIds) : undefined,
        raw,
        end(code, msg) {
          if (!hub.clients.delete(client)) return;
          timers.forEach(clearInterval);
          if (!raw.writableEnded) {
            raw.write(`event: end\ndata: ${JSON.stringify({ code, msg })}\n\n`);
            raw.end();
          }
        },
      };
      hub.clients.add(client);
      raw.on('close', () => {
        hub.clients.delete(client);
        timers.forEach(clearInterval);
      });
      raw.write(`retry: 3000\n`);
      writeFrame(
        client,
        sseFrame('ready', { serverTime: new Date().toISOString(), heartbeatSeconds: ctx.heartbeatSeconds() }),
      );
      timers.push(
        setInterval(() => {
          if (!raw.writableEnded) raw.write(': ping\n\n');
        }, PING_MS),
        setInterval(() => {
          sessionOfTicket(db, config.session, ticket.sessionId).then(
            (u) => {
              user = u;
              client.caller = callerOf(u);
            },
            (err) => {
              if (err instanceof ApiError) client.end(err.code, err.message);
            },
          );
        }, RECHECK_MS),
      );
      for (const t of timers) t.unref();
    },
  );
}
