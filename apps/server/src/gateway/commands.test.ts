import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { fileGateway, until } from './testkit.ts';
import { RpcError } from './types.ts';

const { gw, linked } = await fileGateway();

async function rpcError(p: Promise<unknown>): Promise<RpcError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(RpcError);
    return err as RpcError;
  }
  throw new Error('expected the call to fail');
}

describe('commands', () => {
  it('snapshot answers a JPEG', async () => {
    const { id } = await linked('aiBox');
    const reply = await gw.gateway.call(id, 'snapshot', {}, 5_000);
    const bytes = reply.data!;
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1]).toBe(0xd8);
    expect(bytes.at(-2)).toBe(0xff);
    expect(bytes.at(-1)).toBe(0xd9);
    expect(reply.result).toEqual({ contentType: 'image/jpeg', width: 320, height: 180, size: bytes.length });
    const decoded = jpeg.decode(bytes);
    expect([decoded.width, decoded.height]).toEqual([320, 180]);
  });

  it('openDoor answers the door and the time; a dust monitor has no door', async () => {
    const { id } = await linked('towerElevatorFace');
    const before = Date.now();
    const reply = await gw.gateway.call(id, 'openDoor', { door: 2, holdMs: 3000 }, 2_000);
    expect(reply.result.door).toBe(2);
    expect(Date.parse(reply.result.openedAt)).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(reply.result.closesAt) - Date.parse(reply.result.openedAt)).toBe(3000);
    const dust = await linked('dust');
    const started = Date.now();
    const err = await rpcError(gw.gateway.call(dust.id, 'openDoor', {}, 2_000));
    expect(err.code).toBe('unsupported');
    expect(Date.now() - started).toBeLessThan(50);
  });

  it('bad params are refused at once', async () => {
    const { id } = await linked('face');
    const err = await rpcError(gw.gateway.call(id, 'openDoor', { door: 99 } as never, 2_000));
    expect(err.code).toBe('badParams');
  });

  it('a device that does not answer gives a timeout error in time, never a hang', async () => {
    const { id, sim } = await linked('gateway', { ignoreMethods: ['config.get'] });
    const started = Date.now();
    const err = await rpcError(gw.gateway.call(id, 'config.get', {}, 300));
    const elapsed = Date.now() - started;
    expect(err.code).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(295);
    expect(elapsed).toBeLessThan(300 + 150);
    expect(sim.counters.rpcs).toBe(1); // it did reach the device
    // The link is still fine afterwards.
    expect((await gw.gateway.call(id, 'config.set', { config: { timezone: 'UTC' } }, 2_000)).result.changed).toEqual([
      'timezone',
    ]);
  });

  it('a command to an offline or unknown device answers offline at once', async () => {
    let started = Date.now();
    let err = await rpcError(gw.gateway.call(999_999, 'snapshot', {}, 10_000));
    expect(err.code).toBe('offline');
    expect(Date.now() - started).toBeLessThan(50);
    const { sim, id } = await linked('plate');
    sim.kill();
    await gw.waitFor('offline', id, 1_000);
    started = Date.now();
    err = await rpcError(gw.gateway.call(id, 'snapshot', {}, 10_000));
    expect(err.code).toBe('offline');
    expect(Date.now() - started).toBeLessThan(50);
    err = await rpcError(gw.gateway.openShell(id));
    expect(err.code).toBe('offline');
  });

  it('a pending command fails with linkClosed when the link drops', async () => {
    const { id, sim } = await linked('elevator', { ignoreMethods: ['snapshot'] });
    const pending = gw.gateway.call(id, 'snapshot', {}, 5_000);
    await until(() => sim.counters.rpcs === 1, 1_000, 'rpc delivered');
    const started = Date.now();
    sim.kill();
    const err = await rpcError(pending);
    expect(err.code).toBe('linkClosed');
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('config.get / config.set round trip, and broadcast.play on a speaker', async () => {
    const { id } = await linked('broadcast');
    const set = await gw.gateway.call(id, 'config.set', { config: { volume: 35, name: 'Gate speaker' } }, 2_000);
    expect(set.result.changed.sort()).toEqual(['name', 'volume']);
    const get = await gw.gateway.call(id, 'config.get', { keys: ['volume', 'name'] }, 2_000);
    expect(get.result.config).toEqual({ volume: 35, name: 'Gate speaker' });
    const since = Date.now();
    const play = await gw.gateway.call(id, 'broadcast.play', { text: 'Please wear your helmet' }, 2_000);
    expect(play.result.durationMs).toBeGreaterThan(0);
    const started = await gw.waitFor('event', id, 2_000, since, (b) => b.kind === 'playback');
    expect(started.body).toMatchObject({ data: { state: 'started', playId: play.result.playId } });
  });
});
