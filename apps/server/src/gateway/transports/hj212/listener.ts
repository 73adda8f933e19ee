import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { LinkInput, LinkTransport } from '../transport.ts';
import type { Hj212Aggregate } from './aggregates.ts';
import { FIRST_WORD_MS, Hj212Transport, type Hj212Counters } from './transport.ts';

/** What the listener needs of the gateway: a new link per TCP connection. */
export interface Hj212LinkOpener {
  open(transport: LinkTransport, ip: string): LinkInput;
}

export interface Hj212ListenerOptions {
  port: number;
  host: string;
  log: FastifyBaseLogger;
  /** Where minute, hour and day data goes (batched by its owner). */
  aggregates?: (rows: Hj212Aggregate[]) => void;
}

export interface Hj212Listener {
  /** The port it listens on (0 in the options: chosen by the system). */
  port: number;
  /** Over every connection since start. */
  counters: Hj212Counters & { connections: number };
  close(): Promise<void>;
}

/**
 * The HJ 212-2017 TCP listener (HJ212_PORT): every connection is one monitor's link to the gateway
 * through an `Hj212Transport`. A connection's errors end that connection only.
 */
export async function startHj212Listener(gateway: Hj212LinkOpener, opts: Hj212ListenerOptions): Promise<Hj212Listener> {
  const { log } = opts;
  const counters = { connections: 0, badFrames: 0, packets: 0, dataAnswers: 0, foreign: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    counters.connections++;
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 60_000);
    // Silent this long, linked or not: gone (the gateway's sweep usually says so first).
    socket.setTimeout(FIRST_WORD_MS, () => socket.destroy());
    socket.on('error', (err) => log.debug({ err: err.message }, 'HJ 212 socket error'));
    socket.on('close', () => sockets.delete(socket));
    const transport = new Hj212Transport(socket, {
      counters,
      aggregates: opts.aggregates,
      log: (msg, extra) => log.debug(extra ?? {}, msg),
    });
    const ip = plainIp(socket.remoteAddress ?? '');
    try {
      transport.bind(gateway.open(transport, ip));
    } catch (err) {
      log.warn({ err }, 'HJ 212 connection not opened');
      socket.destroy();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'EADDRINUSE'
            ? `HJ212_PORT: port ${opts.port} is already in use; choose another with HJ212_PORT=<port> (or HJ212_PORT=off)`
            : `HJ212_PORT: cannot listen on ${opts.host}:${opts.port} (${err.code ?? err.message})`,
        ),
      ),
    );
    server.listen(opts.port, opts.host, () => resolve());
  });
  server.on('error', (err) => log.warn({ err }, 'HJ 212 listener error'));
  const port = (server.address() as net.AddressInfo).port;
  log.info({ port }, 'HJ 212 listener listening');
  return {
    port,
    counters,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

function plainIp(ip: string) {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}
