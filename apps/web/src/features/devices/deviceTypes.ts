import type { DeviceType } from '@siteops/contracts/device-protocol';

/** The device pages: `device-list` shows every type, the others one type fixed by the route. */
export const TYPE_OF_ROUTE: Readonly<Record<string, DeviceType | undefined>> = {
  'device-list': undefined,
  'face-list': 'face',
  'dust-monitor': 'dust',
  'cloud-broadcasting': 'broadcast',
  'aiBox-list': 'aiBox',
  'tower-crane-list': 'towerCrane',
  'elevator-list': 'elevator',
  'tower-elevator-face-list': 'towerElevatorFace',
  'vehicle-Plate-Recogn-list': 'plate',
  'universal-Gateway-list': 'gateway',
};

export const DEVICE_ROUTE_NAMES = Object.keys(TYPE_OF_ROUTE);

/** Devices that guard an entrance: their direction (entry/exit) matters. */
const ACCESS_TYPES: ReadonlySet<DeviceType> = new Set(['face', 'towerElevatorFace', 'plate']);

/**
 * Columns that only make sense for some types. `undefined` (the all-types list) shows them all,
 * since its rows mix types.
 */
export function showsDirection(type: DeviceType | undefined) {
  return type === undefined || ACCESS_TYPES.has(type);
}

/** Devices with a remote web page and a shell (everything but the plain sensors and speakers). */
export function showsRemoteAccount(type: DeviceType | undefined) {
  return type === undefined || (type !== 'dust' && type !== 'broadcast');
}

/** Types that report readings a list row can show (the others' telemetry is not a headline number). */
const READING_TYPES: ReadonlySet<DeviceType> = new Set(['dust', 'towerCrane', 'elevator']);

export function showsReadings(type: DeviceType | undefined) {
  return type !== undefined && READING_TYPES.has(type);
}
