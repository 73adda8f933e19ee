import { Redis } from 'ioredis';
import { UnreachableError } from '../core/unreachable.ts';
import type { Bus, BusHandler } from './bus.ts';

export interface RedisBusOptions {
  /** Prepended to every channel so one Redis can serve several deployments. Default `siteops:`. */
  prefix?: string;
  /** Connection problems while running (ioredis reconnects by itself); for a debug log. */
  onError?: (err: Error) => void;
  /** Once per outage (`down`, with the reason) and once when Redis is back (`up`). */
  onState?: (state: 'up' | 'down', reason?: string) => void;
}

/** The watchdog PINGs both connections this often; no answer within the timeout means Redis is away. */
const WATCH_EVERY_MS = 1_000;
const PING_TIMEOUT_MS = 1_500;
/** A (re)connection that has not become ready in this long is started again (it met a silent network). */
const STUCK_CONNECT_MS = 3_000;
/** At start: how long Redis may take to answer before start-up gives up with one line. */
const START_TIMEOUT_MS = 5_000;

const pingWithin = (conn: Redis, ms: number) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to PING in ${ms} ms`)), ms);
    conn.ping().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (err: Error) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });

/**
 * The bus over Redis pub/sub: one connection publishes, a second one subscribes (a subscribed Redis
 * connection can do nothing else). Messages are JSON text.
 *
 * When Redis goes away while running, the bus degrades to the in-process bus: what this instance
 * publishes reaches its own subscribers (its devices, its browsers) as if it ran alone, and nothing
 * queues up for Redis. It says so once (`onState('down')`), reconnects by itself, subscribes again and
 * says `up`. A connection whose network went silent is noticed by a PING watchdog and restarted.
 * Unreachable at start, it throws UnreachableError('REDIS_URL', reason).
 */
/** At start, before the database is opened: Redis answers, or UnreachableError('REDIS_URL', why). */
export async function checkRedis(url: string): Promise<void> {
  const bus = await createRedisBus(url);
  await bus.close();
}

export async function createRedisBus(url: string, opts: RedisBusOptions = {}): Promise<Bus> {
  const prefix = opts.prefix ?? 'siteops:';
  const onError = opts.onError ?? (() => {});
  const onState = opts.onState ?? (() => {});
  const common = {
    lazyConnect: true,
    connectTimeout: 3_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    retryStrategy: (times: number) => Math.min(times * 100, 1_000),
  } as const;
  const pub = new Redis(url, { ...common, connectionName: 'siteops-bus-pub' });
  const sub = new Redis(url, { ...common, connectionName: 'siteops-bus-sub' });
  let started = false;
  let firstError: (Error & { code?: string }) | undefined;
  // Before start-up succeeds, failures are start-up's to report (one line); after, they go to onError.
  for (const conn of [pub, sub]) {
    conn.on('error', (err: Error) => (started ? onError(err) : (firstError ??= err)));
  }
  try {
    // connectTimeout covers the TCP connect only; a server that accepts and then says nothing is caught here.
    let timer: NodeJS.Timeout | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    });
    await Promise.race([Promise.all([pub.connect(), sub.connect()]), silent]).finally(() => clearTimeout(timer));
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    // ioredis rejects with "Connection is closed."; the socket's own error says why.
    const e = firstError ?? (err as Error & { code?: string });
    throw new UnreachableError('REDIS_URL', e.message || e.code || String(err));
  }
  started = true;

  const channels = new Map<string, Set<BusHandler>>();
  /** Pending SUBSCRIBE per channel, so a second subscriber also waits until it is live. */
  const ready = new Map<string, Promise<unknown>>();
  const deliver = (channel: string, message: unknown) => {
    const handlers = channels.get(channel);
    if (!handlers || handlers.size === 0) return;
    for (const handler of [...handlers]) {
      try {
        handler(message);
      } catch (err) {
        onError(err as Error);
      }
    }
  };
  sub.on('message', (fullChannel: string, text: string) => {
    if (!fullChannel.startsWith(prefix)) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (err) {
      onError(err as Error);
      return;
    }
    deliver(fullChannel.slice(prefix.length), message);
  });

  let closed = false;
  let up = true;
  const setUp = (now: boolean, reason?: string) => {
    if (now === up || closed) return;
    up = now;
    onState(now ? 'up' : 'down', reason);
  };
  const bothReady = () => pub.status === 'ready' && sub.status === 'ready';
  /**
   * Back only once the subscriptions are live again: a message another instance publishes after `up`
   * must be heard. ioredis re-subscribes on its own; doing it again is harmless and covers the
   * subscriptions made while Redis was away.
   */
  const comeBack = async () => {
    await Promise.all([...channels.keys()].map((channel) => sub.subscribe(prefix + channel))).catch(onError);
    if (bothReady()) setUp(true);
  };
  for (const conn of [pub, sub]) {
    conn.on('close', () => setUp(false, 'connection closed'));
    conn.on('ready', () => {
      if (bothReady() && !up) void comeBack();
    });
  }

  const connectingSince = new Map<Redis, number>();
  const watch = async () => {
    for (const conn of [pub, sub]) {
      if (closed) return;
      if (conn.status === 'ready') {
        connectingSince.delete(conn);
        try {
          await pingWithin(conn, PING_TIMEOUT_MS);
        } catch (err) {
          if (closed) return;
          setUp(false, (err as Error).message);
          conn.disconnect(true);
        }
      } else if (conn.status === 'connect' || conn.status === 'connecting') {
        const since = connectingSince.get(conn) ?? Date.now();
        connectingSince.set(conn, since);
        if (Date.now() - since > STUCK_CONNECT_MS) {
          connectingSince.delete(conn);
          conn.disconnect(true);
        }
      } else connectingSince.delete(conn);
    }
  };
  let watching = false;
  const timer = setInterval(() => {
    if (watching) return;
    watching = true;
    void watch().finally(() => (watching = false));
  }, WATCH_EVERY_MS);
  timer.unref();

  return {
    kind: 'redis',
    state: () => (up ? 'up' : 'down'),
    async publish(channel, message) {
      if (closed) return;
      if (!up) {
        // Single-instance behaviour until Redis returns: our own subscribers still hear us.
        queueMicrotask(() => deliver(channel, message));
        return;
      }
      await pub.publish(prefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      let handlers = channels.get(channel);
      if (!handlers) {
        channels.set(channel, (handlers = new Set()));
        const subscribing = sub.subscribe(prefix + channel);
        // Away: live locally now; the subscription is renewed when Redis is back.
        ready.set(channel, up ? subscribing : Promise.resolve());
        if (!up) subscribing.catch(() => {});
      }
      const entry: BusHandler = (m) => handler(m);
      handlers.add(entry);
      await ready.get(channel);
      return async () => {
        handlers.delete(entry);
        if (handlers.size === 0 && channels.get(channel) === handlers) {
          channels.delete(channel);
          ready.delete(channel);
          if (!closed && up) await sub.unsubscribe(prefix + channel).catch(onError);
        }
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      channels.clear();
      // QUIT politely when Redis answers; a silent one would keep shutdown waiting, so not for long.
      const quits = Promise.allSettled([pub.quit(), sub.quit()]);
      await Promise.race([quits, new Promise((r) => setTimeout(r, 500).unref())]);
      pub.disconnect();
      sub.disconnect();
    },
  };
}
