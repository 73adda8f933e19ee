import { afterAll, describe, expect, it } from 'vitest';
import { deviceTopicOf } from '@siteops/contracts/live/schemas';
import { liveTabs } from '../modules/device-link/liveTestkit.ts';
import { startLinkApp } from '../modules/device-link/testkit.ts';

/** LIVE_SESSION_MAX_TOPICS: the tabs of one session hold at most so many topics together. */
const t = await startLinkApp({ env: { LIVE_SESSION_MAX_TOPICS: '3' } });
const admin = await t.login();
const tabs = liveTabs(() => t);
const tab = tabs.open;
afterAll(async () => {
  tabs.closeAll();
  await t.close();
});

describe('live topics per session', () => {
  it("are capped over all of the session's tabs; another session has its own; a closed tab gives its back", async () => {
    const d = await t.addDevice({ type: 'dust' });
    const first = await tab(admin);
    const second = await tab(admin);
    expect(await first.subscribe(['notifications', 'fleet'])).toMatchObject({ topics: ['notifications', 'fleet'] });
    expect(await second.subscribe(['alarms', deviceTopicOf(d.id)])).toMatchObject({
      topics: ['alarms'],
      refused: [deviceTopicOf(d.id)],
    });

    const elsewhere = await tab(await t.login());
    expect((await elsewhere.subscribe(['notifications', 'fleet', deviceTopicOf(d.id)])).refused).toEqual([]);

    first.close();
    await first.closed();
    await expect
      .poll(async () => (await second.subscribe([deviceTopicOf(d.id)])).topics, { timeout: 2_000 })
      .toEqual([deviceTopicOf(d.id)]);
  });
});
