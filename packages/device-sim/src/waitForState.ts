import type { SimDevice } from './device.ts';
import type { SimState } from './simTypes.ts';

/** Resolve when `device` reaches `state` (rejects after `timeoutMs`). */
export function waitForState(device: SimDevice, state: SimState, timeoutMs: number): Promise<void> {
  if (device.state === state) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onState = (s: SimState) => {
      if (s !== state) return;
      clearTimeout(t);
      device.off('state', onState);
      resolve();
    };
    const t = setTimeout(() => {
      device.off('state', onState);
      reject(new Error(`${device.sn}: still ${device.state} after ${timeoutMs} ms, expected ${state}`));
    }, timeoutMs);
    device.on('state', onState);
  });
}
