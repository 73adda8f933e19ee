import { describe, expect, it } from 'vitest';
import { createSimDevice } from '@siteops/device-sim/device';
import { CloseCode } from '@siteops/contracts/device-protocol';
import { fileGateway, linkAgain, startTestGateway, until } from './testkit.ts';

const HEARTBEAT_MS = 200;
const { gw, sims, device, linked } = await fileGateway(HEARTBEAT_MS);

describe('presence', () => {
  it('a device that connects is online within 1 s, in the events and in the presence sink', async () => {
    const started = Date.now();
    const { sim, id } = device('dust');
    const online = await gw.waitFor('online', id, 1_000);
    expect(online.at - started).toBeLessThan(1_000);
    await sim.waitFor('up', 10_000);
    expect(online.body).toMatchObject({
      deviceId: id,
      type: 'dust',
      ip: '127.0.0.1',
      instanceId: gw.gateway.instanceId,
    });
    expect(sim.state).toBe('up');
    expect(sim.heartbeatSeconds).toBe(HEARTBEAT_MS / 1000);
    expect(gw.gateway.isOnline(id)).toBe(true);
    const row = await until(() => gw.presence.state.get(id), 1_000, 'presence row');
    expect(row).toMatchObject({ online: true, ip: '127.0.0.1', versions: sim.versions });
  });

  it('a killed device (connection cut) is offline at once', async () => {
    const { sim, id } = await linked();
    const killedAt = Date.now();
    sim.kill();
    const offline = await gw.waitFor('offline', id, 2 * HEARTBEAT_MS);
    expect(offline.at - killedAt).toBeLessThan(2 * HEARTBEAT_MS);
    expect(offline.body).toMatchObject({ reason: 'closed' });
    expect(gw.gateway.isOnline(id)).toBe(false);
    await until(() => gw.presence.state.get(id)?.online === false, 1_000, 'presence offline');
  });

  it('a hung device (socket open, silent) is offline after two missed heartbeats, not before', async () => {
    const { sim, id } = await linked();
    // Freeze right after a heartbeat, so "two missed intervals" starts now.
    const sent = sim.counters.heartbeats;
    await until(() => sim.counters.heartbeats > sent, 2 * HEARTBEAT_MS, 'a heartbeat');
    const frozenAt = Date.now();
    sim.freeze();
    const offline = await gw.waitFor('offline', id, 4 * HEARTBEAT_MS);
    const elapsed = offline.at - frozenAt;
    expect(offline.body).toMatchObject({ reason: 'heartbeatTimeout' });
    expect(elapsed).toBeGreaterThanOrEqual(2 * HEARTBEAT_MS - 30);
    // Two intervals from the last heartbeat, plus one sweep (interval / 4) and scheduling slack.
    expect(elapsed).toBeLessThanOrEqual(2 * HEARTBEAT_MS + HEARTBEAT_MS / 4 + 60);
    await until(() => gw.presence.state.get(id)?.online === false, 1_000, 'presence offline');
    await until(() => sim.lastClose?.code === CloseCode.heartbeatTimeout, 3_000, 'close 4008 at the device');
  });

  it('stays online across heartbeats, and presence is written in batches, not per heartbeat', async () => {
    const { id } = await linked();
    const batchesBefore = gw.presence.batches.length;
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 1_000));
    const elapsed = Date.now() - started;
    expect(gw.gateway.isOnline(id)).toBe(true);
    expect(gw.log.some((e) => e.kind === 'offline' && e.deviceId === id)).toBe(false);
    const batches = gw.presence.batches.slice(batchesBefore);
    // One flush per 50 ms period at most, whatever the number of heartbeats and devices.
    expect(batches.length).toBeLessThanOrEqual(Math.ceil(elapsed / 50) + 1);
    for (const b of batches) expect(new Set(b.map((r) => r.deviceId)).size).toBe(b.length);
    const mine = batches.flat().filter((r) => r.deviceId === id);
    expect(mine.length).toBeGreaterThanOrEqual(3); // ~5 heartbeats in 1 s
    expect(mine.every((r) => r.online)).toBe(true);
  });

  it('a second link for the same sn replaces the first without an offline', async () => {
    const first = await linked('face');
    const since = Date.now();
    const second = await linkAgain(gw.url, first, 'face', sims);
    expect(first.sim.lastClose).toEqual({ code: CloseCode.replaced, reason: 'replaced' });
    expect(first.sim.state).toBe('waiting'); // 60 s before it dials again
    await new Promise((r) => setTimeout(r, 3 * HEARTBEAT_MS));
    expect(gw.log.filter((e) => e.deviceId === first.id && e.at >= since && e.kind === 'offline')).toEqual([]);
    expect(gw.gateway.isOnline(first.id)).toBe(true);
    expect(gw.presence.state.get(first.id)?.online).toBe(true);
    // The new link is the one that answers.
    const reply = await gw.gateway.call(first.id, 'openDoor', {}, 2_000);
    expect(reply.result.door).toBe(1);
    expect(second.counters.rpcs).toBe(1);
    expect(first.sim.counters.rpcs).toBe(0);
  });

  it('a rebooted device goes offline, comes back and reports the boot', async () => {
    const { sim, id } = await linked('towerCrane');
    const since = Date.now();
    const reply = await gw.gateway.call(id, 'reboot', { delayMs: 0 }, 2_000);
    expect(Date.parse(reply.result.rebootAt)).toBeGreaterThan(0);
    await gw.waitFor('offline', id, 2_000, since);
    await gw.waitFor('online', id, 2_000, since);
    await sim.waitFor('up', 10_000);
    const isReboot = (b: Record<string, unknown>) =>
      b.kind === 'boot' && (b.data as { reason: string }).reason === 'reboot';
    const boot = await gw.waitFor('event', id, 2_000, since, isReboot);
    expect(boot.body).toMatchObject({ kind: 'boot', level: 'info', hasPicture: false });
  });
});

describe('shutdown', () => {
  it('closing the app closes links with 1001, marks them offline and writes presence', async () => {
    const local = await startTestGateway();
    const rec = local.directory.add({ sn: 'SHUT0001', mac: '02:00:00:00:99:01', type: 'gateway', secret: 's3cret' });
    const sim = createSimDevice({
      url: local.url,
      sn: 'SHUT0001',
      mac: '02:00:00:00:99:01',
      secret: 's3cret',
      type: 'gateway',
      telemetryMs: 0,
      backoffBaseMs: 60_000,
    });
    sims.push(sim);
    await sim.waitFor('up');
    await local.close();
    expect(local.presence.state.get(rec.id)?.online).toBe(false);
    expect(local.log.at(-1)).toMatchObject({ kind: 'offline', body: { reason: 'shutdown' } });
    await until(() => sim.lastClose, 2_000, 'close at device');
    expect(sim.lastClose?.code).toBe(CloseCode.goingAway);
  });
});
