import { SimRefusal } from './aiBox.ts';
import type { RpcLink, RpcOutcome } from './rpc.ts';

/** A simulated device's relay outputs (docs/device-protocol.md 5.5): numbered 1 to this. */
export const SIM_RELAY_OUTPUTS = 4;

/** One switch of a relay output, as the device's `relay` event tells it. */
export interface RelaySwitch {
  output: number;
  on: boolean;
  at: string;
}

/**
 * `relay.set` on a gateway, a tower crane or an elevator: the output switches (kept in the device's
 * `relays` state, output -> on, across reconnects), the device emits `relay`, and answers when done.
 * An output above {@link SIM_RELAY_OUTPUTS} is refused (`badParams`).
 */
export async function onRelaySet(p: Record<string, unknown>, { device }: RpcLink): Promise<RpcOutcome> {
  const output = Number(p.output);
  const on = p.on === true;
  if (output > SIM_RELAY_OUTPUTS) {
    throw new SimRefusal('badParams', `this device has ${SIM_RELAY_OUTPUTS} relay outputs, not ${output}`);
  }
  const changedAt = new Date().toISOString();
  device.relays.set(output, on);
  device.emit('relay', { output, on, at: changedAt });
  return { result: { output, on, changedAt } };
}
