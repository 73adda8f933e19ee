import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DEVICE_LIVE_EVENTS, deviceEventsUrl } from '../../../api/device-link/events';
import { getToken } from '../../../lib/token';
import { useUserStore } from '../../../stores/user';
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
  #everOpened = false;

  constructor(private readonly client: QueryClient) {}

  acquire() {
    if (this.#users++ === 0) this.#open();
  }

  release() {
    if (--this.#users > 0) return;
    this.#close();
  }

  #open() {
    if (!getToken()) return;
    const source = new EventSource(deviceEventsUrl());
    this.#source = source;
    source.onopen = () => {
      this.#retries = 0;
      // Events may have been missed while the stream was down: let the lists read the truth again.
      if (this.#everOpened) void this.client.invalidateQueries({ queryKey: DEVICE_LIST_KEY });
      this.#everOpened = true;
    };
    source.onerror = () => {
      // The browser retries a dropped stream by itself; a refused one (401, 5xx) it gives up: retry here.
      if (source.readyState !== EventSource.CLOSED || this.#source !== source) return;
      this.#source = null;
      const delay = Math.min(MAX_RETRY_MS, 1000 * 2 ** this.#retries++) * (0.5 + Math.random() / 2);
      this.#retryTimer = setTimeout(() => this.#open(), delay);
    };
    for (const kind of DEVICE_LIVE_EVENTS) {
      source.addEventListener(kind, (message: MessageEvent<string>) => {
        const body = parse(message.data);
        if (body && typeof body.deviceId === 'number') this.#enqueue({ kind, body } as LiveEvent);
      });
    }
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
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    this.#queue = [];
    this.#source?.close();
    this.#source = null;
    this.#everOpened = false;
    this.#retries = 0;
  }
}

function parse(data: string): LiveEvent['body'] | null {
  try {
    return JSON.parse(data) as LiveEvent['body'];
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
