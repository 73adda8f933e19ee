import {
  LiveClose,
  type LiveClientMessage,
  type LiveDeviceItem,
  type LiveServerMessage,
} from '@siteops/contracts/live/schemas';

/** What a watcher of a topic receives. */
export type LiveMessage =
  | { topic: string; type: 'device'; item: LiveDeviceItem }
  | { topic: string; type: 'job' | 'notification' | 'rollout' | 'campaign' | 'fleet' | 'alarm'; data: unknown };
export type LiveListener = (message: LiveMessage) => void;

const MAX_RETRY_MS = 30_000;
/** A page swap unwatches and watches again at once: keep the socket that long before closing it. */
const IDLE_CLOSE_MS = 5_000;

interface Watcher {
  topics: readonly string[];
  listener: LiveListener;
}

/**
 * The console's one live channel per tab (contracts/live/schemas.ts, docs/decisions/0007): components watch
 * topics, the client keeps ONE WebSocket and tells the server the union of what is watched, sending
 * only the difference when it changes. It reconnects with backoff (asking `connectUrl` for a fresh
 * ticket each time), subscribes everything again, and tells `onReconnect` listeners that events may
 * have been missed. Watching nothing closes the socket after a few seconds.
 */
export class LiveClient {
  readonly #watchers = new Set<Watcher>();
  readonly #reconnectListeners = new Set<() => void>();
  /** Topics the server holds for this tab (answered by `subscribed`). */
  #held = new Set<string>();
  #socket: WebSocket | null = null;
  #open = false;
  #readyOnce = false;
  #retries = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #idleTimer: ReturnType<typeof setTimeout> | undefined;
  #syncScheduled = false;
  #generation = 0;
  #endedBySession = false;
  /** Waiting for a ticket: a second watcher must not open a second socket. */
  #connecting = false;
  /** Who waits for the server's answer to a topic's subscription (see `subscribed`). */
  readonly #answerWaiters = new Map<string, Set<(held: boolean) => void>>();

  constructor(private readonly connectUrl: () => Promise<string>) {}

  /** Receive the messages of `topics` until the returned function is called. */
  watch(topics: readonly string[], listener: LiveListener): () => void {
    const watcher: Watcher = { topics, listener };
    this.#watchers.add(watcher);
    clearTimeout(this.#idleTimer);
    if (!this.#socket && !this.#connecting && this.#retryTimer === undefined) void this.#connect();
    this.#scheduleSync();
    return () => {
      this.#watchers.delete(watcher);
      this.#scheduleSync();
      if (this.#watchers.size === 0) {
        clearTimeout(this.#idleTimer);
        this.#idleTimer = setTimeout(() => this.close(), IDLE_CLOSE_MS);
      }
    };
  }

  /**
   * Resolves once the server answered the subscription of `topic`: true when it holds the topic, false
   * when it refused it or said nothing within `timeoutMs`. For a caller that must not start what publishes
   * on the topic (an import's progress) before the tab hears it.
   */
  subscribed(topic: string, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      let waiters = this.#answerWaiters.get(topic);
      if (!waiters) this.#answerWaiters.set(topic, (waiters = new Set()));
      const done = (held: boolean) => {
        clearTimeout(timer);
        waiters.delete(done);
        if (!waiters.size) this.#answerWaiters.delete(topic);
        resolve(held);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      waiters.add(done);
    });
  }

  /** Called after the channel came back from a drop: refetch what live events would have changed. */
  onReconnect(listener: () => void): () => void {
    this.#reconnectListeners.add(listener);
    return () => this.#reconnectListeners.delete(listener);
  }

  /** Close the socket now (logout); a later watch opens a new one. */
  close() {
    this.#generation++;
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#idleTimer);
    this.#retryTimer = undefined;
    const socket = this.#socket;
    this.#socket = null;
    this.#open = false;
    this.#held = new Set();
    this.#readyOnce = false;
    this.#retries = 0;
    socket?.close(1000, 'done');
  }

  #wanted(): Set<string> {
    const topics = new Set<string>();
    for (const w of this.#watchers) for (const t of w.topics) topics.add(t);
    return topics;
  }

  #scheduleSync() {
    if (this.#syncScheduled) return;
    this.#syncScheduled = true;
    // One frame for everything a render changed (a table swapping twenty rows).
    queueMicrotask(() => {
      this.#syncScheduled = false;
      this.#sync();
    });
  }

  #sync() {
    if (!this.#open) return;
    const wanted = this.#wanted();
    const add = [...wanted].filter((t) => !this.#held.has(t));
    const drop = [...this.#held].filter((t) => !wanted.has(t));
    if (add.length) this.#send({ op: 'subscribe', topics: add });
    if (drop.length) this.#send({ op: 'unsubscribe', topics: drop });
    // Optimistic: a refused topic simply never delivers; it is not asked for again until re-watched.
    for (const t of add) this.#held.add(t);
    for (const t of drop) this.#held.delete(t);
  }

  #send(message: LiveClientMessage) {
    if (this.#socket?.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify(message));
  }

  async #connect() {
    const generation = this.#generation;
    let url: string;
    this.#connecting = true;
    try {
      url = await this.connectUrl();
    } catch {
      if (generation === this.#generation) this.#retryLater();
      return;
    } finally {
      this.#connecting = false;
    }
    if (generation !== this.#generation || this.#watchers.size === 0) return;
    const socket = new WebSocket(url);
    this.#socket = socket;
    socket.onmessage = (event: MessageEvent<string>) => this.#onMessage(event.data);
    socket.onclose = (event) => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      this.#open = false;
      this.#held = new Set();
      // A session that ended stays ended: the next API call shows why and logs out.
      if (event.code === LiveClose.unauthorized && this.#endedBySession) return;
      if (this.#watchers.size > 0) this.#retryLater();
    };
  }

  #onMessage(raw: string) {
    let m: LiveServerMessage;
    try {
      m = JSON.parse(raw) as LiveServerMessage;
    } catch {
      return;
    }
    switch (m.type) {
      case 'ready':
        this.#open = true;
        this.#retries = 0;
        this.#endedBySession = false;
        this.#sync();
        if (this.#readyOnce) this.#reconnectListeners.forEach((l) => l());
        this.#readyOnce = true;
        return;
      case 'subscribed':
        for (const t of m.topics) this.#answerWaiters.get(t)?.forEach((w) => w(true));
        for (const t of m.refused) this.#answerWaiters.get(t)?.forEach((w) => w(false));
        return;
      case 'device':
        for (const item of m.items) this.#dispatch({ topic: `device:${item.data.deviceId}`, type: 'device', item });
        return;
      case 'job':
      case 'notification':
      case 'rollout':
      case 'campaign':
      case 'fleet':
      case 'alarm':
        this.#dispatch({ topic: m.topic, type: m.type, data: m.data });
        return;
      case 'end':
        this.#endedBySession = true;
        return;
      default:
        return;
    }
  }

  #dispatch(message: LiveMessage) {
    for (const w of this.#watchers) if (w.topics.includes(message.topic)) w.listener(message);
  }

  #retryLater() {
    const delay = Math.min(MAX_RETRY_MS, 1000 * 2 ** this.#retries++) * (0.5 + Math.random() / 2);
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      void this.#connect();
    }, delay);
  }
}
