import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { until } from '../../gateway/testkit.ts';
import { deviceTopicOf, jobTopicOf } from '@siteops/contracts/live/schemas';
import { HEARTBEAT_S, ticketFor, type LinkTestApp } from './testkit.ts';
import { twoInstancesForSuite, twoInstancesSkipped } from './twoInstances.ts';
import { openLive } from './liveTestkit.ts';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';

type LiveTab = Awaited<ReturnType<typeof openLive>>;

const skip = twoInstancesSkipped('device link, two instances on PostgreSQL + Redis');

/** A deployment behind a load balancer (startTwoInstances): what one instance does, the other sees. */
describe.skipIf(skip)('device link across two instances (PostgreSQL + Redis)', () => {
  const two = twoInstancesForSuite();
  let admin: string;
  beforeAll(async () => {
    admin = await two.b.login();
  });

  /** A browser tab connected to B, ready, and a dust monitor added on A (not linked yet); the tab is closed after `use`. */
  async function withTabOnB(use: (tab: LiveTab, d: Awaited<ReturnType<LinkTestApp['addDevice']>>) => Promise<void>) {
    const tab = await openLive(two.b, admin);
    try {
      await tab.ready();
      await use(tab, await two.a.addDevice({ type: 'dust' }));
    } finally {
      tab.close();
    }
  }

  it('a device linked to A answers a snapshot requested through B', async () => {
    const { a, b } = two;
    const d = await a.addDevice({ type: 'plate' });
    const sim = a.sim(d);
    await sim.waitFor('up', 10_000);
    await until(() => b.app.deviceLink.gateway.whereIs(d.id), 2_000, 'route announced to B');
    expect(b.app.deviceLink.gateway.whereIs(d.id)).toBe(a.app.deviceLink.gateway.instanceId);
    const res = await b.api(deviceLinkApi.snapshot, { id: d.id }, admin);
    expect(res.status, res.body.msg).toBe(200);
    const jpeg = Buffer.from(res.body.data.dataUrl.split(',')[1], 'base64');
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
  });

  it('a browser connected to B sees A’s device come online and go offline', () =>
    withTabOnB(async (tab, d) => {
      const { a } = two;
      await tab.subscribe([deviceTopicOf(d.id)]);
      const sim = a.sim(d);
      await tab.waitFor((m) => m.type === 'presence' && m.data.deviceId === d.id, 2_000, 'online on B');
      const killedAt = Date.now();
      sim.kill();
      const off = await tab.waitFor(
        (m) => m.type === 'presence' && m.data.deviceId === d.id && m.data.onlineStatus === 'offline',
        2_000,
        'offline on B',
      );
      expect(off.at - killedAt).toBeLessThan(2 * HEARTBEAT_S * 1000 + 500);
    }));

  it('a terminal opened through B reaches the device on A', async () => {
    const { a, b } = two;
    const d = await a.addDevice({ type: 'gateway' });
    await a.sim(d).waitFor('up', 10_000);
    await until(() => b.app.deviceLink.gateway.whereIs(d.id), 2_000, 'route announced to B');
    const { url } = await ticketFor(b, admin, 'terminal', d.id);
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(`${b.base.replace('http', 'ws')}${url}`);
    let out = '';
    ws.on('message', (data, isBinary) => {
      if (isBinary) out += data.toString();
    });
    await until(() => out.includes(`${d.sn}@siteops:~$`), 3_000, 'prompt through B');
    ws.send(Buffer.from('whoami\r'), { binary: true });
    await until(() => out.includes('root') || out.split(d.sn).length > 2, 3_000, 'command output');
    ws.close();
  });

  it('a tab on B subscribed to A’s device gets its presence and readings; a job published on A reaches it', () =>
    withTabOnB(async (live, d) => {
      const { a } = two;
      const jobId = randomUUID();
      const [{ id: adminId }] = await a.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.userName, 'admin'));
      const topic = jobTopicOf(adminId, jobId);
      expect(await live.subscribe([`device:${d.id}`, topic])).toMatchObject({ refused: [] });
      const sim = a.sim(d);
      await sim.waitFor('up', 10_000);
      await live.waitFor((m) => m.type === 'presence' && m.data.deviceId === d.id, 2_000, 'online on B');
      sim.sendTelemetry({ a34004: 7 });
      await live.waitFor((m) => m.type === 'telemetry' && m.data.deviceId === d.id, 2_000, 'reading on B');
      a.app.deviceLink.live.publish({
        topic,
        userId: adminId,
        type: 'job',
        data: { jobId, kind: 'device.import', state: 'done', step: 'done', done: 1, total: 1 },
      });
      await live.waitFor((m) => m.type === 'job', 2_000, 'job progress on B');
      await sim.stop();
    }));
});
