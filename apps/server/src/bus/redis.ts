import { Redis } from 'ioredis';
import type { Bus, BusHandler } from './bus.ts';

export interface RedisBusOptions {
  /** Prepended to every channel so one Redis can serve several deployments. Default `siteops:`. */
  prefix?: string;
  /** Where connection problems go (ioredis reconnects by itself and re-subscribes). */
  onError?: (err: Error) => void;
}

/**
 * The bus over Redis pub/sub: one connection publishes, a second one subscribes (a subscribed Redis
 * connection can do nothing else). Messages are JSON text.
 */
export async function createRedisBus(url: string, opts: RedisBusOptions = {}): Promise<Bus> {
  const prefix = opts.prefix ?? 'siteops:';
  const onError = opts.onError ?? (() => {});
  const common = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true } as const;
  const pub = new Redis(url, { ...common, connectionName: 'siteops-bus-pub' });
  const sub = new Redis(url, { ...common, connectionName: 'siteops-bus-sub' });
  pub.on('error', onError);
  sub.on('error', onError);
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    throw err;
  }

  const channels = new Map<string, Set<BusHandler>>();
  /** Pending SUBSCRIBE per channel, so a second subscriber also waits until it is live. */
  const ready = new Map<string, Promise<unknown>>();
  sub.on('message', (fullChannel: string, text: string) => {
    const handlers = channels.get(fullChannel.slice(prefix.length));
    if (!handlers || handlers.size === 0) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (err) {
      onError(err as Error);
      return;
    }
    for (const handler of [...handlers]) {
      try {
        handler(message);
      } catch (err) {
        onError(err as Error);
      }
    }
  });

  let closed = false;
  return {
    kind: 'redis',
    async publish(channel, message) {
      if (closed) return;
      await pub.publish(prefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      let handlers = channels.get(channel);
      if (!handlers) {
        channels.set(channel, (handlers = new Set()));
        ready.set(channel, sub.subscribe(prefix + channel));
      }
      const entry: BusHandler = (m) => handler(m);
      handlers.add(entry);
      await ready.get(channel);
      return async () => {
        handlers.delete(entry);
        if (handlers.size === 0 && channels.get(channel) === handlers) {
          channels.delete(channel);
          ready.delete(channel);
          if (!closed) await sub.unsubscribe(prefix + channel);
        }
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      channels.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
