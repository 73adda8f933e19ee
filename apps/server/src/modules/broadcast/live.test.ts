import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CampaignItem } from '@siteops/contracts/broadcast/schemas';
import type { LiveCampaignChange } from '@siteops/contracts/live/schemas';
import { broadcastCampaigns, devices } from '../../db/schema/index.ts';
import { createAgent } from '../../../test/fixtures.ts';
import { openLive } from '../device-link/liveTestkit.ts';
import { startLinkApp } from '../device-link/testkit.ts';
import { fileApp } from '../../../test/harness.ts';
import { broadcastApi } from '@siteops/contracts/broadcast/api';

/**
 * The live topic `campaign:<id>`: a tab watching a campaign hears its speakers' outcomes and its
 * status as they change, without asking; a tab outside the campaign's scope is refused it.
 */
// A speaker's answer may take a while on a busy machine: this file is about frames, not timeouts.
const { t, admin } = await fileApp(() => startLinkApp({ broadcasts: { tickMs: 100, commandTimeoutMs: 15_000 } }));

const add = async (token: string, body: object) => {
  const res = await t.api.unchecked(
    broadcastApi.add,
    { name: 'Gate', link: 'https://example.com', content: 'Helmets on.', voice: 'female', volume: 50, ...body },
    token,
  );
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data as CampaignItem;
};
const act = async (verb: 'pause' | 'resume' | 'cancel', id: number) => {
  const res = await t.api(broadcastApi[verb], { id }, admin);
  expect(res.body.code, res.body.msg).toBe(200);
};
const later = () => ({ kind: 'at', at: new Date(Date.now() + 3_600_000).toISOString() });
const changeOf = (m: { data: Record<string, unknown> }) => m.data.data as LiveCampaignChange;

describe('live topic campaign:<id>', () => {
  it("tells the agent's tab each speaker's outcome as the simulated speaker plays; another agent is refused", async () => {
    const agent = await createAgent(t, admin);
    const d = await t.addDevice({ type: 'broadcast', agentId: agent.id });
    const sim = t.sim(d);
    await sim.waitFor('up', 10_000);
    const c = await add(agent.token, { targets: { by: 'devices', deviceIds: [d.id] }, schedule: later() });

    const live = await openLive(t, agent.token);
    await live.ready();
    expect(await live.subscribe([`campaign:${c.id}`])).toMatchObject({ topics: [`campaign:${c.id}`], refused: [] });
    // Its time comes once the tab is watching, however slowly the machine opened the tab.
    await t.database.db
      .update(broadcastCampaigns)
      .set({ nextRunAt: new Date() })
      .where(eq(broadcastCampaigns.id, c.id));
    const answered = await live.waitFor(
      (m) => m.type === 'campaign' && changeOf(m).outcomes.some((o) => o.deviceId === d.id),
      20_000,
      "the speaker's outcome",
    );
    expect(answered.data.topic).toBe(`campaign:${c.id}`);
    expect(changeOf(answered).outcomes).toEqual([{ runId: expect.any(Number), deviceId: d.id, outcome: 'played' }]);
    expect(sim.played).toHaveLength(1);
    const started = live.seen.find((m) => m.type === 'campaign' && changeOf(m).runId !== undefined);
    // A one-off finishes with its only run.
    expect(started && changeOf(started)).toMatchObject({ id: c.id, status: 'finished' });

    const other = await createAgent(t, admin);
    const otherTab = await openLive(t, other.token);
    await otherTab.ready();
    // Another tenant's campaign and one that does not exist look the same; a malformed id is refused too.
    const topics = [`campaign:${c.id}`, 'campaign:2147483647', 'campaign:0', 'campaign:x'];
    const answer = await otherTab.subscribe(topics);
    expect(answer.topics).toEqual([]);
    expect([...answer.refused].sort()).toEqual([...topics].sort());
    live.close();
    otherTab.close();
  });

  it('tells the tab a pause, a resume and a cancel; an admin may watch any campaign', async () => {
    const d = await t.addDevice({ type: 'broadcast' });
    const c = await add(admin, { targets: { by: 'devices', deviceIds: [d.id] }, schedule: later() });
    const live = await openLive(t, admin);
    await live.ready();
    expect((await live.subscribe([`campaign:${c.id}`])).refused).toEqual([]);
    for (const [verb, status] of [
      ['pause', 'paused'],
      ['resume', 'scheduled'],
      ['cancel', 'cancelled'],
    ] as const) {
      await act(verb, c.id);
      const frame = await live.waitFor(
        (m) => m.type === 'campaign' && changeOf(m).status === status,
        5_000,
        `${status} frame`,
      );
      expect(changeOf(frame)).toEqual({ id: c.id, status, outcomes: [], more: false });
    }
    live.close();
  });

  it("stops telling an agent's tab once the campaign's speaker was divided to another agent", async () => {
    const agent = await createAgent(t, admin);
    const other = await createAgent(t, admin);
    const d = await t.addDevice({ type: 'broadcast', agentId: agent.id });
    const c = await add(agent.token, { targets: { by: 'devices', deviceIds: [d.id] }, schedule: later() });
    const [agentTab, adminTab] = [await openLive(t, agent.token), await openLive(t, admin)];
    await Promise.all([agentTab.ready(), adminTab.ready()]);
    for (const tab of [agentTab, adminTab]) expect((await tab.subscribe([`campaign:${c.id}`])).refused).toEqual([]);
    await act('pause', c.id);
    await agentTab.waitFor((m) => m.type === 'campaign' && changeOf(m).status === 'paused', 5_000, 'paused frame');

    await t.database.db.update(devices).set({ agentId: other.id }).where(eq(devices.id, d.id));
    // Past the test channel's owner TTL (100 ms): the next frame reads the campaign's scope again.
    await new Promise((r) => setTimeout(r, 200));
    await act('resume', c.id);
    await adminTab.waitFor((m) => m.type === 'campaign' && changeOf(m).status === 'scheduled', 5_000, 'admin frame');
    await new Promise((r) => setTimeout(r, 300));
    expect(agentTab.seen.filter((m) => m.type === 'campaign' && changeOf(m).status === 'scheduled')).toEqual([]);
    agentTab.close();
    adminTab.close();
  });
});
