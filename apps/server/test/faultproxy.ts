import net from 'node:net';

/**
 * A TCP proxy that injects network faults between the server and a shared service (PostgreSQL, Redis),
 * so the tests never stop the machine's real services.
 *
 * - `blackhole()`: a partition. Bytes in either direction are dropped (not buffered, not refused); new
 *   connections are accepted and then hear nothing. Connections that lived through a blackhole stay
 *   dead after `heal()`: bytes were lost, as a server that gave up on its peer during a real partition.
 * - `cut()`: the service is down. Every connection is reset and new ones are refused (closed at once).
 * - `heal()`: new connections are forwarded again.
 */
export interface FaultProxy {
  /** `127.0.0.1:<port>` of the proxy. */
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  blackhole(): void;
  cut(): void;
  heal(): void;
  /** Connections accepted so far (the tests check that a client really went through the proxy). */
  readonly accepted: number;
  close(): Promise<void>;
}

type Mode = 'forward' | 'blackhole' | 'cut';

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  /** True once the pair lived through a blackhole: it never forwards again. */
  dead: boolean;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: Mode = 'forward';
  let accepted = 0;
  const pairs = new Set<Pair>();
  /** Every socket ever opened, so close() frees the real service's connections a blackhole left behind. */
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    accepted++;
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair: Pair = { client, upstream, dead: mode === 'blackhole' };
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    pairs.add(pair);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (!pair.dead && mode === 'forward') to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    // In a blackhole a close does not travel either: the other side just hears nothing more.
    client.on('close', () => (mode === 'forward' && !pair.dead ? end() : pairs.delete(pair)));
    upstream.on('close', () => (mode === 'forward' && !pair.dead ? end() : pairs.delete(pair)));
    client.on('error', () => {});
    upstream.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    get accepted() {
      return accepted;
    },
    through(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    blackhole() {
      mode = 'blackhole';
      for (const p of pairs) p.dead = true;
    },
    cut() {
      mode = 'cut';
      for (const p of pairs) {
        p.client.resetAndDestroy();
        p.upstream.destroy();
      }
      pairs.clear();
    },
    heal() {
      mode = 'forward';
    },
    async close() {
      for (const s of sockets) s.destroy();
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether something listens at the URL's host and port (tests skip, saying why, when not). */
export async function reachable(url: string, ms = 1_000): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect(Number(u.port), u.hostname);
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(ms, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

/** Host and port of a postgres:// or redis:// URL, defaults filled in. */
export function targetOf(url: string): { host: string; port: number } {
  const u = new URL(url);
  const port = Number(u.port) || (u.protocol.startsWith('redis') ? 6379 : 5432);
  return { host: u.hostname === 'localhost' ? '127.0.0.1' : u.hostname, port };
}
