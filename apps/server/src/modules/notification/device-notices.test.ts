import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../test/fixtures.ts';
import { rowOf, startLinkApp, type LinkTestApp } from '../device-link/testkit.ts';
import { openLive } from '../device-link/liveTestkit.ts';
import { constantApi } from '@siteops/contracts/constant/api';
import { notificationApi } from '@siteops/contracts/notification/api';

/**
 * A real (simulated) device going offline past `notification.deviceOfflineSeconds` notifies the
 * admins and its own agent, live on their open tabs, once per spell; coming back is told too. Another
 * agent hears nothing.
 */
let t: LinkTestApp;
let admin: string;

beforeAll(async () => {
  t = await startLinkApp({ notifications: { deviceSweepMs: 100 } });
  admin = await t.login();
  const res = await t.api(constantApi.add, { key: 'notification.deviceOfflineSeconds', value: '0' }, admin);
  expect(res.body.code, res.body.msg).toBe(200);
});
afterAll(() => t.close());

const titles = async (token: string) =>
  (
    (await t.api(notificationApi.listAll, { pageSize: 50 }, token)).body.data.list as {
      title: string;
    }[]
  ).map((n) => n.title);

describe('device notifications', () => {
  it('offline and back online reach admins and the device’s agent, live, and no other agent', async () => {
    const agentA = await createAgent(t, admin);
    const agentB = await createAgent(t, admin);
    const d = await t.addDevice({ agentId: agentA.id });
    const tab = await openLive(t, agentA.token);
    await tab.ready();
    expect((await tab.subscribe(['notifications'])).refused).toEqual([]);

    const sim = t.sim(d);
    await sim.waitFor('up', 10_000);
    await sim.stop();
    const offline = await tab.waitFor((m) => m.type === 'notification', 5_000, 'offline notification');
    const data = (offline.data as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({
      tab: 'message',
      level: 'warning',
      link: `/device/device-list?sn=${d.sn}`,
    });
    expect((data.title as Record<string, string>)['zh-CN']).toMatch(/^设备离线：/);

    const offlineTitle = (data.title as Record<string, string>)['en-US'];
    expect(offlineTitle).toMatch(/^Device offline: Test face/);
    expect(await titles(admin)).toContain(offlineTitle);
    expect(await titles(agentB.token)).not.toContain(offlineTitle);

    // One notice per spell, however many sweeps pass.
    await new Promise((r) => setTimeout(r, 400));
    expect((await titles(agentA.token)).filter((x) => x === offlineTitle)).toHaveLength(1);

    sim.start();
    const back = await tab.waitFor(
      (m) => m.type === 'notification' && m !== offline,
      5_000,
      'back-online notification',
    );
    expect((back.data as { data: { title: Record<string, string> } }).data.title['en-US']).toMatch(
      /^Device back online: Test face/,
    );
    expect(await titles(agentB.token)).toEqual([]);
    tab.close();
  });

  it('a refusal someone can fix (a wrong secret) reaches admins and the agent once an hour; a new serial number asks for authorisation', async () => {
    const agentA = await createAgent(t, admin);
    const agentB = await createAgent(t, admin);
    const d = await t.addDevice({ agentId: agentA.id });
    const refusedOnce = async () => {
      const sim = t.sim({ ...d, secret: 'not-the-secret' });
      const refused = new Promise((resolve) => sim.once('refused', resolve));
      sim.start();
      await refused;
      await sim.stop();
    };
    await refusedOnce();
    const title = `Device refused: ${(await rowOf(t, d.id)).devName}`;
    await expect.poll(() => titles(agentA.token), { timeout: 5_000 }).toContain(title);
    expect(await titles(admin)).toContain(title);
    expect(await titles(agentB.token)).toEqual([]);
    // Dialling again within the hour adds nothing.
    await refusedOnce();
    await new Promise((r) => setTimeout(r, 300));
    expect((await titles(agentA.token)).filter((x) => x === title)).toHaveLength(1);

    const stranger = t.sim({ ...d, sn: `NEW${d.sn}`, mac: '02:00:00:00:00:01' });
    const refused = new Promise((resolve) => stranger.once('refused', resolve));
    stranger.start();
    await refused;
    await stranger.stop();
    await expect
      .poll(() => titles(admin), { timeout: 5_000 })
      .toContain(`New device waiting for authorisation: NEW${d.sn}`);
    expect(await titles(agentA.token)).not.toContain(`New device waiting for authorisation: NEW${d.sn}`);
  });
});
