import { describe, expect, it } from 'vitest';
import { SimDevice } from './device.ts';
import type { RpcLink } from './rpc.ts';
import { onRelaySet } from './rpcRelay.ts';
import { onHttpRequest } from './rpcSystem.ts';
import type { RelaySwitch } from './rpcRelay.ts';

const deviceOf = (type: 'gateway' | 'towerCrane' | 'dust') =>
  new SimDevice({
    url: 'ws://127.0.0.1:9/gateway',
    sn: `SIM${type}`,
    mac: '02:00:00:00:00:09',
    secret: 's',
    type,
    autoStart: false,
  });

/** The parts of an RPC link the relay and web handlers read. */
const linkOf = (device: SimDevice) => ({ device, config: {}, uptimeS: () => 1 }) as unknown as RpcLink;

describe('relay outputs (docs/device-protocol.md 5.5)', () => {
  it('switch, are told as `relay`, show on the local page, and refuse an output the device does not have', async () => {
    const gateway = deviceOf('gateway');
    const heard: RelaySwitch[] = [];
    gateway.on('relay', (r) => heard.push(r));
    const on = await onRelaySet({ output: 1, on: true }, linkOf(gateway));
    expect(on.result).toMatchObject({ output: 1, on: true });
    await onRelaySet({ output: 3, on: false }, linkOf(gateway));
    expect([...gateway.relays]).toEqual([
      [1, true],
      [3, false],
    ]);
    expect(heard.map((r) => [r.output, r.on])).toEqual([
      [1, true],
      [3, false],
    ]);
    await expect(onRelaySet({ output: 5, on: true }, linkOf(gateway))).rejects.toMatchObject({ code: 'badParams' });

    const status = await onHttpRequest({ method: 'GET', path: '/status.json', headers: {} }, linkOf(gateway));
    expect(JSON.parse(status.data!.toString('utf8')).relays).toEqual({ 1: true, 3: false });
    const page = await onHttpRequest({ method: 'GET', path: '/', headers: {} }, linkOf(gateway));
    expect(page.data!.toString('utf8')).toContain('<tr><th>Output 1</th><td>on</td></tr>');
    // A dust monitor has no relays to show.
    const dust = await onHttpRequest({ method: 'GET', path: '/status.json', headers: {} }, linkOf(deviceOf('dust')));
    expect(JSON.parse(dust.data!.toString('utf8'))).not.toHaveProperty('relays');
  });
});
