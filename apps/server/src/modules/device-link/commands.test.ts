import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { and, eq } from 'drizzle-orm';
import { DeviceLinkCode } from '@siteops/contracts/device-link/schemas';
import { LIVE_PATH, LiveClose, deviceTopicOf } from '@siteops/contracts/live/schemas';
import { auditLog } from '../../db/schema/index.ts';
import { createSignedInUser } from '../../../test/fixtures.ts';
import { ticketFor } from './testkit.ts';
import { fileLinkApp, openLive, watch } from './liveTestkit.ts';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';

const { t, admin, agentA, agentB, live, linked } = await fileLinkApp();

describe('commands', () => {
  it('snapshot answers a JPEG as a data URL, and is audited', async () => {
    const d = await linked({ type: 'plate' });
    const res = await t.api(deviceLinkApi.snapshot, { id: d.id }, admin);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.dataUrl).toMatch(/^data:image\/jpeg;base64,/);
    const jpeg = Buffer.from(res.body.data.dataUrl.split(',')[1], 'base64');
    expect([jpeg[0], jpeg[1], jpeg.at(-2), jpeg.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    expect(res.body.data.size).toBe(jpeg.length);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'device.snapshot'), eq(auditLog.targetId, String(d.id))));
    expect(audit[0]?.detail).toMatchObject({ outcome: 'ok', sn: d.sn });
  });

  it('openDoor answers the door and the time; a dust monitor has no door (409 unsupported)', async () => {
    const d = await linked({ type: 'face' });
    const res = await t.api(deviceLinkApi.openDoor, { id: d.id, door: 1 }, admin);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.door).toBe(1);
    expect(Date.parse(res.body.data.openedAt)).toBeGreaterThan(Date.now() - 10_000);
    const dust = await linked({ type: 'dust' });
    const no = await t.api(deviceLinkApi.openDoor, { id: dust.id }, admin);
    expect(no.status).toBe(409);
    expect(no.body).toMatchObject({ code: DeviceLinkCode.unsupported, data: { reason: 'unsupported' } });
  });

  it('an offline device answers at once with a clear error', async () => {
    const d = await t.addDevice({ type: 'face' });
    const started = Date.now();
    const res = await t.api(deviceLinkApi.openDoor, { id: d.id }, admin);
    expect(Date.now() - started).toBeLessThan(300);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: DeviceLinkCode.offline,
      msg: 'The device is offline',
      data: { reason: 'offline' },
    });
  });

  it('a device that does not answer gives a timeout error in time, never a hung request', async () => {
    const d = await linked({ type: 'face' }, { ignoreMethods: ['reboot'] });
    const started = Date.now();
    const res = await t.api(deviceLinkApi.reboot, { id: d.id }, admin);
    const took = Date.now() - started;
    expect(res.status).toBe(504);
    expect(res.body).toMatchObject({ code: DeviceLinkCode.timeout, data: { reason: 'timeout' } });
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(2_500);
  });

  it("an agent commands its own devices; another agent's device is 404", async () => {
    const mine = await linked({ type: 'face', agentId: agentA.id });
    const theirs = await linked({ type: 'face', agentId: agentB.id });
    expect((await t.api(deviceLinkApi.openDoor, { id: mine.id }, agentA.token)).status).toBe(200);
    const res = await t.api(deviceLinkApi.openDoor, { id: theirs.id }, agentA.token);
    expect(res.status).toBe(404);
    expect((await t.api(deviceLinkApi.snapshot, { id: theirs.id }, agentA.token)).status).toBe(404);
    const ticket = await t.api(deviceLinkApi.ticket, { purpose: 'terminal', deviceId: theirs.id }, agentA.token);
    expect(ticket.status).toBe(404);
  });

  it("an agent's live channel carries its own devices only", async () => {
    const agentTab = await openLive(t, agentA.token);
    try {
      await agentTab.ready();
      const theirs = await t.addDevice({ type: 'dust', agentId: agentB.id });
      const mine = await t.addDevice({ type: 'dust', agentId: agentA.id });
      // Another agent's device is refused exactly like one that does not exist.
      expect(await watch(agentTab, theirs.id, mine.id)).toMatchObject({
        topics: [deviceTopicOf(mine.id)],
        refused: [deviceTopicOf(theirs.id)],
      });
      await watch(live, theirs.id, mine.id);
      t.sim(theirs);
      t.sim(mine);
      await agentTab.waitFor((m) => m.type === 'presence' && m.data.deviceId === mine.id, 1_000);
      await live.waitFor((m) => m.type === 'presence' && m.data.deviceId === theirs.id, 1_000);
      expect(agentTab.seen.some((m) => m.data.deviceId === theirs.id)).toBe(false);
    } finally {
      agentTab.close();
    }
  });

  it('a manager may neither command nor open a terminal, and its live stream carries no device', async () => {
    const [, token] = await createSignedInUser(t, admin, { role: 'manager' });
    const d = await linked({ type: 'face' });
    expect((await t.api(deviceLinkApi.openDoor, { id: d.id }, token)).status).toBe(403);
    expect((await t.api(deviceLinkApi.ticket, { purpose: 'terminal', deviceId: d.id }, token)).status).toBe(403);
    const managerTab = await openLive(t, token);
    try {
      await managerTab.ready();
      const other = await t.addDevice({ type: 'dust' });
      expect(await watch(managerTab, other.id)).toMatchObject({ topics: [], refused: [deviceTopicOf(other.id)] });
      await watch(live, other.id);
      t.sim(other);
      await live.waitFor((m) => m.type === 'presence' && m.data.deviceId === other.id, 1_000);
      await new Promise((r) => setTimeout(r, 100));
      expect(managerTab.seen.map((m) => m.type)).toEqual(['ready', 'subscribed']);
    } finally {
      managerTab.close();
    }
  });

  it('a forged live ticket, or a ticket for another purpose, is refused (4401)', async () => {
    const refusedWith = async (ticket: string) => {
      // The live channel is a WebSocket route registered by hand (live/socket.ts), not a declared endpoint.

      const ws = new WebSocket(`${t.base.replace('http', 'ws')}${LIVE_PATH}?ticket=${encodeURIComponent(ticket)}`);
      return new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
    };
    expect(await refusedWith('forged.ticket')).toBe(LiveClose.unauthorized);
    const remoteTicket = await ticketFor(t, admin, 'remote', (await t.addDevice()).id);
    expect(await refusedWith(remoteTicket.ticket)).toBe(LiveClose.unauthorized);
  });
});
