import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSimDevice } from '@siteops/device-sim/device';
import { CloseCode } from '@siteops/contracts/device-protocol';
import { fileGateway, startTestGateway, until } from './testkit.ts';

const { gw, sims, device } = await fileGateway();

describe('authentication', () => {
  it('an unknown sn is recorded as unknown and refused with reason unknown', async () => {
    const { sim, sn } = device('plate', { register: false });
    await until(() => sim.lastRefusal, 2_000, 'refusal');
    expect(sim.lastRefusal?.reason).toBe('unknown');
    await until(() => sim.lastClose, 2_000, 'close');
    expect(sim.lastClose).toEqual({ code: CloseCode.refused, reason: 'unknown' });
    expect(sim.state).toBe('waiting');
    expect(gw.directory.get(sn)).toMatchObject({ authStatus: 'unknown', type: 'plate' });
  });

  it('a forbidden device is refused', async () => {
    const { sim, sn } = device('face', { autoStart: false });
    gw.directory.get(sn)!.authStatus = 'forbidden';
    sim.start();
    await until(() => sim.lastRefusal, 2_000, 'refusal');
    expect(sim.lastRefusal?.reason).toBe('forbidden');
  });

  it('a wrong secret is refused', async () => {
    const { sn, mac } = device('face', { autoStart: false });
    const sim = createSimDevice({ url: gw.url, sn, mac, secret: 'not-the-secret', type: 'face', telemetryMs: 0 });
    sims.push(sim);
    await until(() => sim.lastRefusal, 2_000, 'refusal');
    expect(sim.lastRefusal?.reason).toBe('badSecret');
  });

  it('an expired licence and a MAC mismatch are refused', async () => {
    const a = device('elevator', { autoStart: false });
    gw.directory.get(a.sn)!.licenceExpiresAt = new Date(Date.now() - 1000);
    a.sim.start();
    const b = device('elevator', { autoStart: false });
    const wrongMac = createSimDevice({
      url: gw.url,
      sn: b.sn,
      mac: '02:FF:FF:FF:FF:FF',
      secret: b.secret,
      type: 'elevator',
    });
    sims.push(wrongMac);
    await until(() => a.sim.lastRefusal && wrongMac.lastRefusal, 2_000, 'refusals');
    expect(a.sim.lastRefusal?.reason).toBe('expired');
    expect(wrongMac.lastRefusal?.reason).toBe('mismatch');
  });

  it('anything but auth first is a protocol error (4000); silence is an auth timeout (4001)', async () => {
    const close = (ws: WebSocket) => new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const ws = new WebSocket(gw.url);
    await new Promise((r) => ws.once('open', r));
    const closed = close(ws);
    ws.send(JSON.stringify({ type: 'heartbeat' }));
    expect(await closed).toBe(CloseCode.protocol);

    const quick = await startTestGateway({ options: { authTimeoutMs: 100 } });
    try {
      const silent = new WebSocket(quick.url);
      const code = await close(silent);
      expect(code).toBe(CloseCode.authTimeout);
    } finally {
      await quick.close();
    }
  });
});
