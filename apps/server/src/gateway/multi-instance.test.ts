import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SimDevice } from '@siteops/device-sim/device';
import { CloseCode, type DeviceType } from '@siteops/contracts/device-protocol';
import { createMemoryBus, type Bus } from '../bus/bus.ts';
import { createRedisBus } from '../bus/redis.ts';
import { MemoryDirectory } from './memory.ts';
import { answeringShell, linkAgain, quietSim, startTestGateway, until, type TestGateway } from './testkit.ts';
import { RpcError } from './types.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) {
  console.log('gateway over Redis: skipped, TEST_REDIS_URL is not set (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379)');
}

/** How the instances of one deployment share a bus: one in-process bus, or one Redis connection pair each. */
const setups: { name: string; skip: boolean; buses: (n: number) => Promise<Bus[]> }[] = [
  {
    name: 'two instances sharing the in-process bus',
    skip: false,
    buses: async (n) => {
      const bus = createMemoryBus();
      return Array.from({ length: n }, () => bus);
    },
  },
  {
    name: 'two instances over Redis',
    skip: !REDIS_URL,
    buses: async (n) => {
      const prefix = `siteops-test-${randomUUID().slice(0, 8)}:`;
      return Promise.all(Array.from({ length: n }, () => createRedisBus(REDIS_URL!, { prefix })));
    },
  },
];

for (const setup of setups) {
  describe.skipIf(setup.skip)(setup.name, () => {
    let a: TestGateway;
    let b: TestGateway;
    let buses: Bus[];
    const directory = new MemoryDirectory();
    const sims: SimDevice[] = [];
    let n = 0;

    beforeAll(async () => {
      buses = await setup.buses(3);
      a = await startTestGateway({ bus: buses[0], directory, ownsBus: false });
      b = await startTestGateway({ bus: buses[1], directory, ownsBus: false });
    });

    afterEach(async () => {
      await Promise.all(sims.splice(0).map((s) => s.stop()));
    });

    afterAll(async () => {
      await a?.close();
      await b?.close();
      await Promise.all([...new Set(buses ?? [])].map((bus) => bus.close()));
    });

    async function linkedTo(gw: TestGateway, type: DeviceType, extra: { ignoreMethods?: string[] } = {}) {
      const sn = `M${type.slice(0, 4).toUpperCase()}${String(++n).padStart(4, '0')}`;
      const mac = `02:10:00:00:00:${String(n).padStart(2, '0')}`;
      const secret = randomUUID();
      const rec = directory.add({ sn, mac, type, secret });
      const sim = quietSim(gw.url, { sn, mac, secret }, type, extra);
      sims.push(sim);
      await sim.waitFor('up', 10_000);
      // Both instances know where it is once A's `up` has crossed the bus.
      await until(() => b.gateway.whereIs(rec.id) && a.gateway.whereIs(rec.id), 2_000, 'route announced');
      return { sim, id: rec.id, sn, mac, secret };
    }

    it('a device linked to A answers a snapshot requested through B', async () => {
      const { id } = await linkedTo(a, 'plate');
      expect(b.gateway.whereIs(id)).toBe(a.gateway.instanceId);
      const reply = await b.gateway.call(id, 'snapshot', {}, 5_000);
      expect([reply.data![0], reply.data![1]]).toEqual([0xff, 0xd8]);
      expect(reply.result.size).toBe(reply.data!.length);
      const door = await linkedTo(a, 'face');
      expect((await b.gateway.call(door.id, 'openDoor', {}, 2_000)).result.door).toBe(1);
    });

    it("B's event stream sees A's device come online, send telemetry and go offline", async () => {
      const since = Date.now();
      const { sim, id } = await linkedTo(a, 'dust');
      const online = await b.waitFor('online', id, 2_000, since);
      expect(online.body.instanceId).toBe(a.gateway.instanceId);
      sim.sendTelemetry({ a34004: 12.5 });
      const t = await b.waitFor('telemetry', id, 2_000, since);
      expect(t.body).toMatchObject({ data: { a34004: 12.5 } });
      sim.kill();
      const offline = await b.waitFor('offline', id, 2_000, since);
      expect(offline.body).toMatchObject({ reason: 'closed', instanceId: a.gateway.instanceId });
      await until(() => !b.gateway.isOnline(id), 1_000, 'route dropped at B');
      const err = await b.gateway.call(id, 'snapshot', {}, 5_000).catch((e: RpcError) => e);
      expect(err).toBeInstanceOf(RpcError);
      expect((err as RpcError).code).toBe('offline');
    });

    it('terminal and tunnel through B reach the device on A', async () => {
      const { id, sn } = await linkedTo(a, 'gateway');
      const { shell, closed, output } = await answeringShell(b.gateway, id, sn, { cols: 100, rows: 30 });
      shell.resize(132, 43);
      shell.write('stty size\r');
      await until(() => output().includes('43 132'), 2_000, 'resize through B');
      shell.write('exit\r');
      expect(await closed).toBe('exit');

      const page = await b.gateway.tunnelRequest(id, { method: 'GET', path: '/', headers: {} });
      expect(page.status).toBe(200);
      expect(page.body.toString('utf8')).toContain(sn);
    });

    it('through B: offline answers at once, a silent device times out in time', async () => {
      let started = Date.now();
      const offline = await b.gateway.call(424_242, 'reboot', {}, 5_000).catch((e: RpcError) => e);
      expect((offline as RpcError).code).toBe('offline');
      expect(Date.now() - started).toBeLessThan(50);
      const { id } = await linkedTo(a, 'elevator', { ignoreMethods: ['config.get'] });
      started = Date.now();
      const timeout = await b.gateway.call(id, 'config.get', {}, 300).catch((e: RpcError) => e);
      const elapsed = Date.now() - started;
      expect((timeout as RpcError).code).toBe('timeout');
      expect(elapsed).toBeGreaterThanOrEqual(295);
      expect(elapsed).toBeLessThan(300 + 150); // A answers timeout at 300 ms; B's own limit is 300 + 500
    });

    it('a device that moves from A to B is replaced on A without an offline anywhere', async () => {
      const first = await linkedTo(a, 'towerCrane');
      const since = Date.now();
      const moved = await linkAgain(b.url, first, 'towerCrane', sims);
      expect(first.sim.lastClose).toEqual({ code: CloseCode.replaced, reason: 'replaced' });
      await until(() => a.gateway.whereIs(first.id) === b.gateway.instanceId, 2_000, 'A routes to B');
      await new Promise((r) => setTimeout(r, 300));
      for (const gw of [a, b]) {
        expect(gw.log.filter((e) => e.kind === 'offline' && e.deviceId === first.id && e.at >= since)).toEqual([]);
      }
      expect(a.presence.state.get(first.id)?.online).toBe(true);
      expect(b.presence.state.get(first.id)?.online).toBe(true);
      await a.gateway.call(first.id, 'config.get', {}, 2_000);
      expect(moved.counters.rpcs).toBe(1);
      expect(first.sim.counters.rpcs).toBe(0);
    });

    it('a device whose first address does not answer links through its backup address', async () => {
      const sn = `MBKUP${String(++n).padStart(4, '0')}`;
      const who = { sn, mac: `02:10:00:00:01:${String(n).padStart(2, '0')}`, secret: randomUUID() };
      const rec = directory.add({ ...who, type: 'dust' });
      const sim = quietSim('ws://127.0.0.1:1/gateway', who, 'dust', { backupUrls: [b.url], backoffBaseMs: 20 });
      sims.push(sim);
      await sim.waitFor('up', 10_000);
      expect(sim.counters.connects).toBe(2);
      await until(() => a.gateway.whereIs(rec.id) === b.gateway.instanceId, 2_000, 'A routes to B');
    });

    it('an instance that starts later learns the existing links at once', async () => {
      const { id } = await linkedTo(a, 'broadcast');
      const c = await startTestGateway({ bus: buses[2], directory, ownsBus: false });
      try {
        await until(() => c.gateway.whereIs(id) === a.gateway.instanceId, 2_000, 'C learns the route');
        const reply = await c.gateway.call(id, 'broadcast.play', { text: 'Site closes at 18:00' }, 2_000);
        expect(reply.result.durationMs).toBeGreaterThan(0);
      } finally {
        await c.close();
      }
      // C said bye: nobody routes to it.
      expect(b.gateway.whereIs(id)).toBe(a.gateway.instanceId);
    });
  });
}
