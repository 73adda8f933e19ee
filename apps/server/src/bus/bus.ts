/**
 * The scale-out bus: plain publish/subscribe between server instances, nothing else (no keys, no
 * queues). Messages are JSON-serialisable values; binary travels base64. Delivery is at most once and
 * in order per publisher and channel, which is what Redis pub/sub gives; callers that need an answer
 * (device RPC) put their own timeout on it.
 */
export interface Bus {
  /** `memory` when everything runs in one process, `redis` when instances share a Redis server. */
  readonly kind: 'memory' | 'redis';
  /** Redis: whether it is connected now (`down`: this instance runs on its own until it returns). */
  state?(): 'up' | 'down';
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once the subscription is live; the returned function ends it. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type BusHandler = (message: unknown) => void;

/**
 * The in-process bus: used when REDIS_URL is unset. Handlers run on a later microtask, never inside
 * `publish`, so behaviour matches the Redis bus (no re-entrancy). Several gateways sharing one memory
 * bus behave like several instances sharing Redis, which the tests use.
 */
export function createMemoryBus(): Bus {
  const channels = new Map<string, Set<BusHandler>>();
  let closed = false;
  return {
    kind: 'memory',
    async publish(channel, message) {
      if (closed) return;
      const handlers = channels.get(channel);
      if (!handlers) return;
      for (const handler of [...handlers]) {
        queueMicrotask(() => {
          if (handlers.has(handler)) handler(message);
        });
      }
    },
    async subscribe(channel, handler) {
      let handlers = channels.get(channel);
      if (!handlers) channels.set(channel, (handlers = new Set()));
      // A wrapper so the same function can be subscribed twice and unsubscribed once.
      const entry: BusHandler = (m) => handler(m);
      handlers.add(entry);
      return async () => {
        handlers.delete(entry);
        if (handlers.size === 0 && channels.get(channel) === handlers) channels.delete(channel);
      };
    },
    async close() {
      closed = true;
      channels.clear();
    },
  };
}
