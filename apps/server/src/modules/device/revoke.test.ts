import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST, startLinkApp, type LinkTestApp } from '../device-link/testkit.ts';
import { deviceApi } from '@siteops/contracts/device/api';

// The revocation sweep is made slow here, so only the endpoints themselves can cut a link in time.
let t: LinkTestApp;
let admin: string;
beforeAll(async () => {
  t = await startLinkApp({ deviceLink: { ...FAST, staleSweepMs: 60_000 } });
  admin = await t.login();
});
afterAll(() => t.close());

async function linkedDevice() {
  const d = await t.addDevice({ type: 'face' });
  const sim = t.sim(d, { retryScale: 100 });
  await sim.waitFor('up', 10_000);
  return { ...d, sim };
}

/** device.authorize as the admin: sets `authStatus` on the devices `ids`. */
const authorize = (ids: number[], authStatus: 'authorize' | 'forbidden') =>
  t.api(deviceApi.authorize, { ids, authStatus }, admin);

const closedWith = async (sim: { lastClose?: { code: number } }, code: number) =>
  expect.poll(() => sim.lastClose?.code, { timeout: 1_000 }).toBe(code);

describe('forbidding or deleting a linked device', () => {
  it('forbid through the API closes its link at once (4010 revoked)', async () => {
    const d = await linkedDevice();
    const res = await authorize([d.id], 'forbidden');
    expect(res.body.data.changed).toBe(1);
    await closedWith(d.sim, 4010);
  });

  it('delete through the API closes its link at once', async () => {
    const d = await linkedDevice();
    const res = await t.api(deviceApi.delete, { ids: [d.id] }, admin);
    expect(res.body.data.changed).toBe(1);
    await closedWith(d.sim, 4010);
  });

  it('allow=false through edit closes its link at once', async () => {
    const d = await linkedDevice();
    const res = await t.api(deviceApi.update, { id: d.id, allow: false }, admin);
    expect(res.body.code, res.body.msg).toBe(200);
    await closedWith(d.sim, 4010);
  });

  it('a licence that expires while linked closes the link at the expiry, not at the next sweep', async () => {
    const d = await t.addDevice({ type: 'face', licenceExpiresAt: new Date(Date.now() + 1_500) });
    const sim = t.sim(d, { retryScale: 100 });
    await sim.waitFor('up', 10_000);
    await expect.poll(() => sim.lastClose?.code, { timeout: 2_500 }).toBe(4010);
    expect(sim.lastRefusal).toBeUndefined();
  });

  it('authorising leaves a linked device alone', async () => {
    const d = await linkedDevice();
    await authorize([d.id], 'authorize');
    await new Promise((r) => setTimeout(r, 500));
    expect(d.sim.lastClose).toBeUndefined();
  });
});
