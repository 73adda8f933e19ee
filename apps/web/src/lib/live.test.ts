import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_PATH } from '@siteops/contracts/live/schemas';
import { LiveClient, type LiveMessage } from './live';

/** A browser WebSocket stand-in: records what the client sends, lets the test play the server. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: { op: string; topics: string[] }[] = [];
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  /** The server accepts the connection. */
  ready() {
    this.readyState = 1;
    this.serve({ type: 'ready', serverTime: '', heartbeatSeconds: 30 });
  }
  serve(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const telemetry = (deviceId: number) => ({
  kind: 'telemetry',
  data: { deviceId, type: 'dust', at: '2026-11-23T00:00:00Z', data: { a34004: deviceId } },
});

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('the live client', () => {
  it('holds one socket for every watcher and subscribes the union of their topics', async () => {
    const client = new LiveClient(async () => `ws://x${LIVE_PATH}?ticket=t`);
    const a: LiveMessage[] = [];
    const b: LiveMessage[] = [];
    client.watch(['device:1', 'device:2'], (m) => a.push(m));
    client.watch(['device:2', 'device:3'], (m) => b.push(m));
    await flush();
    expect(FakeSocket.all).toHaveLength(1);
    const socket = FakeSocket.all[0];
    socket.ready();
    expect(socket.sent).toEqual([{ op: 'subscribe', topics: ['device:1', 'device:2', 'device:3'] }]);
    socket.serve({ type: 'device', items: [telemetry(2), telemetry(3)] });
    expect(a.map((m) => m.topic)).toEqual(['device:2']);
    expect(b.map((m) => m.topic)).toEqual(['device:2', 'device:3']);
    client.close();
  });

  it("tells a caller when the server answered a topic's subscription, held or refused", async () => {
    const client = new LiveClient(async () => `ws://x${LIVE_PATH}?ticket=t`);
    client.watch(['job:a', 'job:b'], () => {});
    const a = client.subscribed('job:a', 1_000);
    const b = client.subscribed('job:b', 1_000);
    const never = client.subscribed('job:c', 20);
    await flush();
    const socket = FakeSocket.all[0];
    socket.ready();
    socket.serve({ type: 'subscribed', topics: ['job:a'], refused: ['job:b'] });
    expect(await a).toBe(true);
    expect(await b).toBe(false);
    expect(await never).toBe(false);
    client.close();
  });

  it('sends only the difference when the watched topics change (a table turning its page)', async () => {
    const client = new LiveClient(async () => `ws://x${LIVE_PATH}?ticket=t`);
    const stop = client.watch(['device:1', 'device:2'], () => {});
    await flush();
    const socket = FakeSocket.all[0];
    socket.ready();
    stop();
    client.watch(['device:2', 'device:5'], () => {});
    await flush();
    expect(socket.sent.slice(1)).toEqual([
      { op: 'subscribe', topics: ['device:5'] },
      { op: 'unsubscribe', topics: ['device:1'] },
    ]);
    client.close();
  });

  it('after a drop, reconnects with a fresh ticket, subscribes again and says so', async () => {
    vi.useFakeTimers();
    try {
      let tickets = 0;
      const client = new LiveClient(async () => `ws://x${LIVE_PATH}?ticket=${++tickets}`);
      const reconnected = vi.fn();
      client.onReconnect(reconnected);
      client.watch(['device:7'], () => {});
      await vi.advanceTimersByTimeAsync(0);
      FakeSocket.all[0].ready();
      FakeSocket.all[0].onclose?.({ code: 1006 });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(FakeSocket.all).toHaveLength(2);
      expect(FakeSocket.all[1].url).toBe(`ws://x${LIVE_PATH}?ticket=2`);
      FakeSocket.all[1].ready();
      expect(FakeSocket.all[1].sent).toEqual([{ op: 'subscribe', topics: ['device:7'] }]);
      expect(reconnected).toHaveBeenCalledTimes(1);
      client.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
