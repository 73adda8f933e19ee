/**
 * Console operators under load (issue 36 item 3): `n` signed-in users at once, each with one browser tab on
 * the live channel (its notifications and the ten devices its page shows) and a loop of what operators do,
 * a think time of 1-3 s apart. Used by bench/scale-out.ts while the fleet's telemetry flows; the operators
 * are spread over the instances as a load balancer would.
 *
 * The mix (weights): page the device list 30 (a random page, sort and sometimes the online filter), open a
 * device 15 (detail and its newest values), a device's 24 h chart 10, a search over readings and events
 * 15, the notification box 10 (list and counts), mark all read 5, the alarm list 10, the project list 5.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { alarmApi } from '../packages/contracts/src/alarm/api.ts';
import { deviceApi } from '../packages/contracts/src/device/api.ts';
import { deviceLinkApi } from '../packages/contracts/src/device-link/api.ts';
import { deviceSearchApi } from '../packages/contracts/src/device-search/api.ts';
import type { LiveServerMessage } from '../packages/contracts/src/live/schemas.ts';
import { notificationApi } from '../packages/contracts/src/notification/api.ts';
import { projectApi } from '../packages/contracts/src/project/api.ts';
import { typedClient, type TypedClient } from '../packages/test-support/src/api.ts';
import { fetchSend } from '../packages/test-support/src/fetch.ts';
import { percentiles, sleep } from './lib.ts';

export interface OperatorsResult {
  operators: number;
  seconds: number;
  calls: number;
  callsPerS: number;
  errors: number;
  errorCodes: Record<string, number>;
  apiMs: ReturnType<typeof percentiles>;
  byAction: Record<string, { calls: number; p95: number }>;
  /** Device -> tab, ms, for the readings of the subscribed devices. */
  liveReadings: number;
  liveMs: ReturnType<typeof percentiles>;
  liveSubscriptions: number;
}

type Action = (api: TypedClient, token: string, pick: () => number) => Promise<{ status: number; code: number }[]>;

const call = async (p: ReturnType<TypedClient>) => {
  const r = await p;
  return { status: r.status, code: r.body?.code };
};

const DAY_MS = 86_400_000;
const ACTIONS: [name: string, weight: number, run: Action][] = [
  [
    'device list',
    30,
    async (api, token) => [
      await call(
        api(
          deviceApi.listAll,
          {
            page: 1 + Math.floor(Math.random() * 50),
            pageSize: 20,
            sortField: Math.random() < 0.5 ? 'additionDatetime' : 'sn',
            sortOrder: Math.random() < 0.5 ? 'asc' : 'desc',
            ...(Math.random() < 0.3 ? { onlineStatus: 'online' as const } : {}),
          },
          token,
        ),
      ),
    ],
  ],
  [
    'device open',
    15,
    async (api, token, pick) => {
      const id = pick();
      return [await call(api(deviceApi.detail, { id }, token)), await call(api(deviceLinkApi.latest, { id }, token))];
    },
  ],
  [
    'device chart',
    10,
    async (api, token, pick) => [
      await call(
        api(
          deviceLinkApi.telemetry,
          {
            id: pick(),
            field: 'a34004',
            from: new Date(Date.now() - DAY_MS).toISOString(),
            to: new Date().toISOString(),
          },
          token,
        ),
      ),
    ],
  ],
  [
    'search',
    15,
    async (api, token) => [
      await call(
        api(
          deviceSearchApi.listAll,
          {
            page: 1,
            pageSize: 20,
            device: `${Math.floor(Math.random() * 100)}`,
            from: new Date(Date.now() - 3_600_000).toISOString(),
            to: new Date().toISOString(),
          },
          token,
        ),
      ),
    ],
  ],
  [
    'notifications',
    10,
    async (api, token) => [
      await call(api(notificationApi.listAll, { page: 1, pageSize: 20 }, token)),
      await call(api(notificationApi.counts, {}, token)),
    ],
  ],
  ['mark all read', 5, async (api, token) => [await call(api(notificationApi.readAll, {}, token))]],
  ['alarm list', 10, async (api, token) => [await call(api(alarmApi.listAll, { page: 1, pageSize: 20 }, token))]],
  ['project list', 5, async (api, token) => [await call(api(projectApi.listAll, { page: 1, pageSize: 20 }, token))]],
];

/** An action of `actions` at random by weight. */
function pickAction(actions: typeof ACTIONS) {
  let r = Math.random() * actions.reduce((a, [, w]) => a + w, 0);
  for (const action of actions) if ((r -= action[1]) < 0) return action;
  return actions[0];
}

/** One operator's live tab: subscribes, then records each subscribed reading's age on arrival. */
async function openTab(base: string, api: TypedClient, token: string, deviceIds: number[], ages: number[]) {
  const ticket = await api(deviceLinkApi.ticket, { purpose: 'live' }, token);
  const ws = new WebSocket(`${base.replace('http', 'ws')}${ticket.body.data.url}`);
  const topics = ['notifications', ...deviceIds.map((id) => `device:${id}`)];
  let subscribed!: () => void;
  const ready = new Promise<void>((r) => (subscribed = r));
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as LiveServerMessage;
    if (m.type === 'ready') ws.send(JSON.stringify({ op: 'subscribe', ref: 1, topics }));
    else if (m.type === 'subscribed') subscribed();
    else if (m.type === 'device') {
      const now = Date.now();
      for (const i of m.items) if (i.kind === 'telemetry') ages.push(now - Date.parse(i.data.at));
    }
  });
  await Promise.race([ready, sleep(10_000).then(() => Promise.reject(new Error('live tab: not subscribed in 10 s')))]);
  return ws;
}

/**
 * Runs `tokens.length` operators for `seconds`, operator k on `bases[k % bases.length]`; `deviceIds` are the
 * devices they page through and subscribe to.
 */
export async function runOperators(opts: {
  bases: string[];
  tokens: string[];
  deviceIds: number[];
  seconds: number;
  /** Actions left out of the mix (by name), to see what one of them costs the rest. */
  skip?: string[];
}): Promise<OperatorsResult> {
  const { bases, tokens, deviceIds, seconds } = opts;
  const actions = ACTIONS.filter(([name]) => !opts.skip?.includes(name));
  const pick = () => deviceIds[Math.floor(Math.random() * deviceIds.length)];
  const times: number[] = [];
  const byAction = new Map<string, number[]>();
  const errorCodes: Record<string, number> = {};
  const ages: number[] = [];
  const tabs = await Promise.all(
    tokens.map((token, k) => {
      const base = bases[k % bases.length];
      return openTab(base, typedClient(fetchSend(base)), token, Array.from({ length: 10 }, pick), ages);
    }),
  );
  ages.length = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    tokens.map(async (token, k) => {
      const api = typedClient(fetchSend(bases[k % bases.length]));
      await sleep(Math.random() * 3000); // not all at once
      while (performance.now() < end) {
        const [name, , run] = pickAction(actions);
        const s = performance.now();
        try {
          for (const r of await run(api, token, pick)) {
            if (r.status !== 200 || r.code !== 200) errorCodes[r.status] = (errorCodes[r.status] ?? 0) + 1;
          }
        } catch (err) {
          const code = (err as { code?: string }).code ?? 'network';
          errorCodes[code] = (errorCodes[code] ?? 0) + 1;
        }
        const ms = performance.now() - s;
        times.push(ms);
        byAction.set(name, [...(byAction.get(name) ?? []), ms]);
        await sleep(1000 + Math.random() * 2000);
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  for (const ws of tabs) ws.close();
  const errors = Object.values(errorCodes).reduce((a, b) => a + b, 0);
  return {
    operators: tokens.length,
    seconds: +wall.toFixed(1),
    calls: times.length,
    callsPerS: +(times.length / wall).toFixed(1),
    errors,
    errorCodes,
    apiMs: percentiles(times),
    byAction: Object.fromEntries(
      [...byAction].map(([name, xs]) => [name, { calls: xs.length, p95: percentiles(xs).p95 }]),
    ),
    liveReadings: ages.length,
    liveMs: ages.length ? percentiles(ages) : { p50: NaN, p95: NaN, p99: NaN },
    liveSubscriptions: tabs.length * 11,
  };
}
