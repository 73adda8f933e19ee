import type { DeviceType } from '@siteops/contracts/device-protocol';
import { renderSnapshot } from './snapshot.ts';

/** The JPEG the camera would take now: the device's name, serial, type and the time (UTC). */
export function cameraPicture(device: { type: DeviceType; name: string; sn: string }, width: number, height: number) {
  const t = new Date();
  return renderSnapshot({
    type: device.type,
    title: device.name.slice(0, 24),
    lines: [`${device.sn}  ${device.type}`, t.toISOString().replace('T', ' ').slice(0, 19) + ' UTC'],
    width,
    height,
    phase: (t.getTime() / 60_000) % 1,
  });
}

/** The small JPEG attached to an event: its kind, the device and the time. */
export function eventPicture(type: DeviceType, sn: string, kind: string, phase: number): Buffer {
  return renderSnapshot({
    type,
    title: kind,
    lines: [sn, new Date().toISOString().replace('T', ' ').slice(0, 19)],
    width: 160,
    height: 90,
    quality: 0.6,
    phase,
  });
}
