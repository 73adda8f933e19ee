import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SsePresence, SseTelemetry } from '@siteops/contracts/device-link';
import { deviceEventsUrl } from '../../../api/device-link/events';
import { getToken } from '../../../lib/token';
import { useUserStore } from '../../../stores/user';
import { LatestReadingsFallback } from './latestFallback';
import { DEVICE_LIST_KEY, applyLiveEvents, type LiveEvent } from './liveCache';

/** Patches are applied in batches: a big fleet sends many readings a second, React needs a few renders. */
const FLUSH_MS = 250;
const MAX_RETRY_MS = 30_000;

/**
 * One shared EventSource however many components ask for live updates: opened by the first, closed
 * when the last unmounts (and so on logout, when the signed-in user goes away).
 */
class LiveConnection {
  #users = 0;
  #source: EventSource | null = null;
  #queue: LiveEvent[] = [];
  #flushTimer: ReturnType<typeof setTimeout> | undefined;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #retries = 0;
  #readyOnce = false;
  #fallback: LatestReadingsFallback | null = null;
  /** Bumped on close, so an open still waiting for its ticket knows it is no longer wanted. */
  #generation = 0;

  constructor(private readonly client: QueryClient) {}

  acquire() {
    if (this.#users++ > 0) return;
    this.#fallback = new LatestReadingsFallback(this.client);
    void this.#open();
  }

  release() {
    if (--this.#users > 0) return;
    this.#close();
  }

  async #open() {
    const generation = this.#generation;
    if (!getToken()) return;
    let url: string;
    try {
      url = await deviceEventsUrl(['presence', 'telemetry']);
    } catch {
      if (generation === this.#generation) this.#retryLater();
      return;
    }
    if (generation !== this.#generation) return;
    const source = new EventSource(url);
    this.#source = source;
    source.addEventListener('ready', () => {
      this.#retries = 0;
      // Events may have been missed while the stream was down: let the lists read the truth again.
      if (this.#readyOnce) void this.client.invalidateQueries({ queryKey: DEVICE_LIST_KEY });
      this.#readyOnce = true;
    });
    source.addEventListener('presence', (message: MessageEvent<string>) => {
      const body = parse<SsePresence>(message.data);
      if (body) this.#enqueue({ kind: 'presence', body });
    });
    source.addEventListener('telemetry', (message: MessageEvent<string>) => {
      const body = parse<SseTelemetry>(message.data);
      if (!body) return;
      this.#fallback?.noteReadings(body.deviceId, body.data, body.at);
      this.#enqueue({ kind: 'telemetry', body });
    });
    // The session behind the ticket ended: the next API call shows why; reconnecting cannot help.
    source.addEventListener('end', () => {
      source.close();
      if (this.#source === source) this.#source = null;
    });
    source.onerror = () => {
      // The browser retries a dropped stream by itself (same ticket); a refused one (401: ticket or
      // session gone, 5xx) it gives up on: ask for a fresh ticket after a backoff.
      if (source.readyState !== EventSource.CLOSED || this.#source !== source) return;
      this.#source = null;
      this.#retryLater();
    };
  }

  #retryLater() {
    const delay = Math.min(MAX_RETRY_MS, 1000 * 2 ** this.#retries++) * (0.5 + Math.random() / 2);
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => void this.#open(), delay);
  }

  #enqueue(event: LiveEvent) {
    this.#queue.push(event);
    this.#flushTimer ??= setTimeout(() => {
      this.#flushTimer = undefined;
      const batch = this.#queue;
      this.#queue = [];
      applyLiveEvents(this.client, batch);
    }, FLUSH_MS);
  }

  #close() {
    this.#generation++;
    this.#fallback?.stop();
    this.#fallback = null;
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    this.#queue = [];
    this.#source?.close();
    this.#source = null;
    this.#readyOnce = false;
    this.#retries = 0;
  }
}

function parse<T extends { deviceId: number }>(data: string): T | null {
  try {
    const body = JSON.parse(data) as T;
    return typeof body?.deviceId === 'number' ? body : null;
  } catch {
    return null;
  }
}

const connections = new WeakMap<QueryClient, LiveConnection>();

/**
 * Keep the cached device lists and details current: presence (online/offline, heartbeat, IP, versions)
 * and the latest readings, pushed by the server over Server-Sent Events. Call it on any page showing
 * devices; several callers share one stream.
 */
export function useDeviceLiveUpdates() {
  const client = useQueryClient();
  const userId = useUserStore((s) => s.info?.id);
  useEffect(() => {
    if (userId === undefined) return;
    let connection = connections.get(client);
    if (!connection) {
      connection = new LiveConnection(client);
      connections.set(client, connection);
    }
    connection.acquire();
    const held = connection;
    return () => held.release();
  }, [client, userId]);
}
