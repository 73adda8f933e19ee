import { afterAll } from 'vitest';
import WebSocket from 'ws';
import { deviceTopicOf, type LiveServerMessage } from '@siteops/contracts/live/schemas';
import { createAgent } from '../../../test/fixtures.ts';
import { awaitFound } from '../../gateway/testkit.ts';
import { startLinkApp, ticketFor, type LinkTestApp } from './testkit.ts';

/** What a tab saw: every server message, with device batches flattened into one entry per item. */
export type LiveSeen = { type: string; data: Record<string, unknown>; at: number };

/** A browser tab's live channel, for tests: opens it with a `live` ticket and records what arrives. */
export async function openLive(t: LinkTestApp, token: string) {
  const { url } = await ticketFor(t, token, 'live');
  const ws = new WebSocket(`${t.base.replace('http', 'ws')}${url}`);
  const seen: LiveSeen[] = [];
  const frames: LiveServerMessage[] = [];
  const waiters = new Set<() => void>();
  let closeCode: number | undefined;
  let ref = 0;
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as LiveServerMessage;
    frames.push(m);
    const at = Date.now();
    if (m.type === 'device') {
      for (const item of m.items) seen.push({ type: item.kind, data: item.data as Record<string, unknown>, at });
    } else seen.push({ type: m.type, data: m as unknown as Record<string, unknown>, at });
    waiters.forEach((w) => w());
  });
  ws.on('close', (code) => {
    closeCode = code;
    waiters.forEach((w) => w());
  });

  const waitFor = (pred: (m: LiveSeen) => boolean, timeoutMs = 2_000, what = 'live message'): Promise<LiveSeen> => {
    return awaitFound(() => seen.find(pred), waiters, timeoutMs, what);
  };
  const closed = () =>
    new Promise<number>((resolve) => {
      if (closeCode !== undefined) return resolve(closeCode);
      ws.once('close', (code) => resolve(code));
    });
  const request = async (op: 'subscribe' | 'unsubscribe', topics: string[]) => {
    const r = ++ref;
    ws.send(JSON.stringify({ op, ref: r, topics }));
    const answer = await waitFor((m) => m.data.ref === r, 2_000, `${op} answer`);
    return answer.data as { topics: string[]; refused?: string[] };
  };

  return {
    ws,
    seen,
    frames,
    waitFor,
    closed,
    get closeCode() {
      return closeCode;
    },
    ready: () => waitFor((m) => m.type === 'ready'),
    subscribe: (topics: string[]) => request('subscribe', topics) as Promise<{ topics: string[]; refused: string[] }>,
    unsubscribe: (topics: string[]) => request('unsubscribe', topics),
    /** Device items seen for `deviceId`. */
    of: (deviceId: number) => seen.filter((m) => m.data.deviceId === deviceId),
    close: () => ws.close(),
  };
}
export type LiveTab = Awaited<ReturnType<typeof openLive>>;

/**
 * The tabs a test file opens: `open(token)` answers a tab once its channel is ready; `closeAll()` (after
 * the file) closes every one. `app` is read at each open, for files that start their app in a hook.
 */
export function liveTabs(app: () => LinkTestApp) {
  const tabs: LiveTab[] = [];
  return {
    async open(token: string) {
      const live = await openLive(app(), token);
      tabs.push(live);
      await live.ready();
      return live;
    },
    closeAll() {
      for (const live of tabs) live.close();
    },
  };
}

/** `tab` subscribes to the devices' topics (answered before it returns, so nothing after is missed). */
export const watch = (tab: LiveTab, ...ids: number[]) => tab.subscribe(ids.map(deviceTopicOf));

/**
 * The link app a device-link test file's tests share, made as the file loads (call it with a top-level await)
 * and closed after its last test: the admin, two agents, and the admin's tab. The live channel sends only the
 * devices a tab subscribed to, so `linked` has the admin's tab watch each device before it links.
 */
export async function fileLinkApp() {
  const t = await startLinkApp();
  const admin = await t.login();
  const agentA = await createAgent(t, admin);
  const agentB = await createAgent(t, admin);
  const live = await openLive(t, admin);
  afterAll(async () => {
    live.close();
    await t.close();
  });
  await live.ready();

  /** A device row, watched by the admin's tab, with its simulated device linked. */
  async function linked(type: Parameters<LinkTestApp['addDevice']>[0] extends infer O ? O : never = {}, extra = {}) {
    const d = await t.addDevice(type);
    await watch(live, d.id);
    const sim = t.sim(d, extra);
    await sim.waitFor('up', 10_000);
    return { ...d, sim };
  }
  return { t, admin, agentA, agentB, live, linked };
}
