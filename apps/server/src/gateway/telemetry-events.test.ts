import { describe, expect, it } from 'vitest';
import { fileGateway, until } from './testkit.ts';

const { gw, linked } = await fileGateway();

describe('telemetry and events', () => {
  it('telemetry reaches the sink (series and latest) and the live events', async () => {
    const { sim, id } = await linked('dust');
    const since = Date.now();
    sim.sendTelemetry({ a34004: 41.5, a34002: 80.2, LA: 66.1, a01008: 270 });
    const live = await gw.waitFor('telemetry', id, 1_000, since);
    expect(live.body).toMatchObject({ type: 'dust', data: { a34004: 41.5, a34002: 80.2, LA: 66.1, a01008: 270 } });
    await until(() => gw.telemetry.latest.get(id), 1_000, 'latest');
    expect(gw.telemetry.latest.get(id)?.data).toMatchObject({ a34004: 41.5, LA: 66.1 });
    expect(gw.telemetry.points.filter((p) => p.deviceId === id).length).toBeGreaterThanOrEqual(1);
    sim.sendTelemetry({ a34004: 39 });
    await until(() => gw.telemetry.latest.get(id)?.data.a34004 === 39, 1_000, 'latest merged');
    expect(gw.telemetry.latest.get(id)?.data.LA).toBe(66.1);
  });

  it('a drifting simulated device sends valid telemetry of its type on its own', async () => {
    const { id } = await linked('towerCrane', { telemetryMs: 100 });
    await until(() => gw.telemetry.points.filter((p) => p.deviceId === id).length >= 3, 2_000, 'three points');
    const data = gw.telemetry.latest.get(id)!.data;
    for (const key of ['load', 'radius', 'height', 'slewAngle', 'momentPct', 'windSpeed', 'tilt', 'alarmFlags']) {
      expect(data).toHaveProperty(key);
    }
  });

  it('invalid telemetry is answered with an error and not stored', async () => {
    const { sim, id } = await linked('dust');
    const errors: string[] = [];
    sim.on('serverError', (e) => errors.push(`${e.code} ${e.ref} ${e.message}`));
    sim.sendTelemetry({ a34004: -5 });
    await until(() => errors.length, 1_000, 'error message');
    expect(errors[0]).toMatch(/^invalid telemetry data\.a34004/);
    await new Promise((r) => setTimeout(r, 100));
    expect(gw.telemetry.points.some((p) => p.deviceId === id)).toBe(false);
  });

  it('events with pictures are stored, acknowledged, and emitted live', async () => {
    const { sim, id } = await linked('face');
    const since = Date.now();
    const eventId = sim.sendEvent({
      kind: 'pass',
      level: 'info',
      picture: true,
      data: { personId: 'P1', personName: 'Zhang Wei', direction: 'in', verifyMode: 'face', similarity: 0.93 },
    });
    const live = await gw.waitFor('event', id, 1_000, since, (b) => b.id === eventId);
    expect(live.body).toMatchObject({ kind: 'pass', level: 'info', hasPicture: true });
    const stored = await until(() => gw.telemetry.events.get(eventId), 1_000, 'stored event');
    expect(stored).toMatchObject({ deviceId: id, type: 'face', kind: 'pass', data: { personName: 'Zhang Wei' } });
    expect([stored.picture![0], stored.picture![1]]).toEqual([0xff, 0xd8]);
    await until(() => sim.pendingEvents === 0, 1_000, 'event.ack');
    expect(sim.counters.eventsAcked).toBe(sim.counters.events); // the boot event and this one, each once
  });

  it('an event of a kind the type does not have is refused but acknowledged', async () => {
    const { sim, id } = await linked('dust');
    const errors: string[] = [];
    sim.on('serverError', (e) => errors.push(e.message));
    const eventId = sim.sendEvent({ kind: 'pass', level: 'info', data: {} });
    await until(() => errors.length && sim.pendingEvents === 0, 1_000, 'error and ack');
    expect(errors[0]).toMatch(/no event pass/);
    expect(gw.telemetry.events.has(eventId)).toBe(false);
    expect(gw.log.some((e) => e.kind === 'event' && e.deviceId === id && 'id' in e.body && e.body.id === eventId)).toBe(
      false,
    );
  });
});
