import { DEVICE_TYPES, supportsMethod, type DeviceType } from '@siteops/contracts/device-protocol';
import type { RouteRole } from '@siteops/contracts/shared/roles';

/** Who may send commands to devices (the server checks the same, and the device's agent). */
export const LINK_ROLES: readonly RouteRole[] = ['admin', 'agent'];

function isDeviceType(type: string): type is DeviceType {
  return (DEVICE_TYPES as readonly string[]).includes(type);
}

/** Types with a camera (the protocol's snapshot method). */
export function canSnapshot(type: string): boolean {
  return isDeviceType(type) && supportsMethod(type, 'snapshot');
}

/** Face and tower-elevator-face terminals have a door to open. */
export function canOpenDoor(type: string): boolean {
  return isDeviceType(type) && supportsMethod(type, 'openDoor');
}
