import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { ShellCloseReason } from '@siteops/contracts/device-protocol';
import {
  DEVICE_LINK_ROUTES,
  TerminalClose,
  terminalClientMessage,
  terminalQuery,
  type TerminalServerMessage,
} from '@siteops/contracts/device-link/schemas';
import { callerOf } from '../../auth/scope.ts';
import { ApiError } from '../../core/errors.ts';
import { RpcError, type ShellStream } from '../../gateway/index.ts';
import { recordAudit } from '../audit/record.ts';
import type { DeviceLinkContext } from './context.ts';
import { loadLinkDevice } from './service.ts';
import { sessionOfTicket, spendTicket } from '../../auth/tickets.ts';

const RPC_CLOSE: Record<string, number> = {
  offline: TerminalClose.offline,
  linkClosed: TerminalClose.offline,
  timeout: TerminalClose.timeout,
};
/** Keystrokes typed before the shell is open are kept, up to this much. */
const MAX_EARLY_BYTES = 64 * 1024;

/**
 * GET ws /api/device/:id/terminal?ticket=&cols=&rows=: a browser terminal (xterm.js) relayed to a
 * shell stream on the device, wherever its link is. Binary frames are terminal bytes both ways; JSON
 * text frames carry resize/close (contracts/device-link/schemas.ts). Either side closing closes the other;
 * no traffic for ctx.terminalIdleMs closes both (4408). Refusals are close codes, since a browser
 * cannot read the HTTP status of a refused upgrade.
 */
export function registerTerminal(app: FastifyInstance, ctx: DeviceLinkContext) {
  app.get(
    DEVICE_LINK_ROUTES.terminal,
    { websocket: true, config: { public: true }, schema: { hide: true } },
    (socket: WebSocket, request) => {
      // Listeners first (synchronously): frames that arrive while the shell opens are kept.
      const early: Buffer[] = [];
      let earlyBytes = 0;
      let stream: ShellStream | undefined;
      let closed = false;
      let idle: NodeJS.Timeout | undefined;
      let pendingResize: { cols: number; rows: number } | undefined;

      const send = (m: TerminalServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
      };
      const finish = (code: number, reason: string, streamReason: ShellCloseReason = 'closed') => {
        if (closed) return;
        closed = true;
        clearTimeout(idle);
        stream?.close(streamReason);
        if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
          socket.close(code, reason.slice(0, 120));
        }
      };
      const touch = () => {
        clearTimeout(idle);
        idle = setTimeout(() => {
          send({ type: 'error', reason: 'idle', message: 'Closed after a period without activity' });
          finish(TerminalClose.idle, 'idle', 'idle');
        }, ctx.terminalIdleMs);
        idle.unref();
      };
      const input = (raw: RawData, isBinary: boolean) => {
        const buf = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
        if (!isBinary) {
          const text = buf.toString('utf8');
          let parsed: ReturnType<typeof terminalClientMessage.safeParse> | undefined;
          if (text.startsWith('{')) {
            try {
              parsed = terminalClientMessage.safeParse(JSON.parse(text));
            } catch {
              parsed = undefined;
            }
          }
          if (parsed?.success) {
            if (parsed.data.type === 'close') return finish(TerminalClose.normal, 'closed');
            if (stream) stream.resize(parsed.data.cols, parsed.data.rows);
            else pendingResize = { cols: parsed.data.cols, rows: parsed.data.rows };
            return;
          }
        }
        touch();
        if (stream) stream.write(buf);
        else if (earlyBytes + buf.length <= MAX_EARLY_BYTES) {
          early.push(buf);
          earlyBytes += buf.length;
        }
      };
      socket.on('message', input);
      socket.on('close', () => finish(TerminalClose.normal, 'closed', 'browserClosed'));
      socket.on('error', () => finish(TerminalClose.normal, 'closed', 'browserClosed'));

      void (async () => {
        const q = terminalQuery.safeParse(request.query);
        const id = Number((request.params as { id?: string }).id);
        const ticket = q.success ? ctx.tickets.verify(q.data.ticket, 'terminal') : null;
        if (!q.success || !ticket || !Number.isInteger(id) || ticket.deviceId !== id) {
          return finish(TerminalClose.unauthorized, 'ticket');
        }
        // Single-use: a second connection with the same ticket is refused like a bad one.
        if (!(await spendTicket(ctx.db, q.data.ticket, ticket.exp)))
          return finish(TerminalClose.unauthorized, 'ticket');
        let device;
        try {
          const user = await sessionOfTicket(ctx.db, ctx.config.session, ticket.sessionId);
          device = await loadLinkDevice(ctx.db, callerOf(user), id).catch(() => undefined);
          if (!device) return finish(TerminalClose.notFound, 'device not found');
          request.auth = { user, sessionId: ticket.sessionId };
        } catch (err) {
          if (err instanceof ApiError) return finish(TerminalClose.unauthorized, err.message);
          throw err;
        }
        if (closed) return;
        let opened: ShellStream;
        try {
          opened = await ctx.gateway.openShell(
            device.id,
            { cols: q.data.cols, rows: q.data.rows },
            ctx.commandTimeoutMs,
          );
        } catch (err) {
          const code = err instanceof RpcError ? err.code : 'failed';
          const message = err instanceof Error ? err.message : 'failed';
          send({ type: 'error', reason: code, message });
          return finish(RPC_CLOSE[code] ?? TerminalClose.failed, code);
        }
        await recordAudit(ctx.db, request, {
          action: 'device.terminal',
          targetType: 'device',
          targetId: device.id,
          detail: { sn: device.sn },
        }).catch((err) => request.log.error({ err }, 'audit write failed'));
        if (closed) {
          opened.close('browserClosed');
          return;
        }
        stream = opened;
        stream.on('data', (chunk) => {
          touch();
          if (socket.readyState === socket.OPEN) socket.send(chunk, { binary: true });
        });
        stream.on('close', (reason) => {
          if (reason === 'exit' || reason === 'closed') finish(TerminalClose.normal, reason);
          else {
            send({ type: 'error', reason, message: 'The device closed the terminal' });
            finish(
              reason === 'linkClosed' || reason === 'shutdown' ? TerminalClose.offline : TerminalClose.normal,
              reason,
            );
          }
        });
        send({ type: 'ready', streamId: stream.id });
        if (pendingResize) stream.resize(pendingResize.cols, pendingResize.rows);
        for (const b of early.splice(0)) stream.write(b);
        touch();
      })().catch((err) => {
        request.log.error({ err }, 'terminal failed');
        finish(TerminalClose.failed, 'failed');
      });
    },
  );
}
