import { z } from 'zod';
import { text } from '../shared/text.ts';
import { DEVICE_TYPES, type DeviceType } from './link.ts';

// ---------------------------------------------------------------------------------------------------
// Telemetry fields per type

export interface TelemetryField {
  key: string;
  label: string;
  unit?: string;
  /** `flags`: an integer bitmask; bit i means `flags[i]`. */
  kind: 'number' | 'integer' | 'boolean' | 'string' | 'flags';
  min?: number;
  max?: number;
  /** For `string` fields with a closed set of values. */
  values?: readonly string[];
  /** For `flags` fields: the name of each bit, lowest first. */
  flags?: readonly string[];
}

const CRANE_ALARMS = ['overload', 'moment', 'wind', 'tilt', 'collision', 'zoneLimit', 'heightLimit'] as const;
const ELEVATOR_ALARMS = [
  'overload',
  'overspeed',
  'doorOpenMoving',
  'tilt',
  'topLimit',
  'bottomLimit',
  'driverUnverified',
] as const;

/** What each device type reports in `telemetry.data`. Every field is optional in one message. */
export const TELEMETRY_FIELDS: Record<DeviceType, readonly TelemetryField[]> = {
  face: [
    { key: 'doorOpen', label: 'Door open', kind: 'boolean' },
    { key: 'passesToday', label: 'Passes today', kind: 'integer', min: 0 },
    { key: 'enrolledFaces', label: 'Enrolled faces', kind: 'integer', min: 0 },
    { key: 'temperature', label: 'Device temperature', unit: '°C', kind: 'number', min: -40, max: 100 },
  ],
  // HJ 212-2017 pollutant / parameter codes as field names.
  dust: [
    { key: 'a34004', label: 'PM2.5', unit: 'μg/m³', kind: 'number', min: 0, max: 2000 },
    { key: 'a34002', label: 'PM10', unit: 'μg/m³', kind: 'number', min: 0, max: 5000 },
    { key: 'a34001', label: 'TSP', unit: 'μg/m³', kind: 'number', min: 0, max: 10000 },
    { key: 'LA', label: 'Noise', unit: 'dB(A)', kind: 'number', min: 0, max: 150 },
    { key: 'a01001', label: 'Temperature', unit: '°C', kind: 'number', min: -50, max: 70 },
    { key: 'a01002', label: 'Humidity', unit: '%RH', kind: 'number', min: 0, max: 100 },
    { key: 'a01007', label: 'Wind speed', unit: 'm/s', kind: 'number', min: 0, max: 75 },
    { key: 'a01008', label: 'Wind direction', unit: '°', kind: 'number', min: 0, max: 360 },
  ],
  broadcast: [
    { key: 'volume', label: 'Volume', unit: '%', kind: 'integer', min: 0, max: 100 },
    { key: 'state', label: 'State', kind: 'string', values: ['idle', 'playing'] },
    { key: 'track', label: 'Track', kind: 'string' },
  ],
  aiBox: [
    { key: 'camerasOnline', label: 'Cameras online', kind: 'integer', min: 0 },
    { key: 'camerasTotal', label: 'Cameras', kind: 'integer', min: 0 },
    { key: 'cpuPct', label: 'CPU', unit: '%', kind: 'number', min: 0, max: 100 },
    { key: 'temperature', label: 'Device temperature', unit: '°C', kind: 'number', min: -40, max: 120 },
    { key: 'alarmsToday', label: 'Alarms today', kind: 'integer', min: 0 },
  ],
  towerCrane: [
    { key: 'load', label: 'Load', unit: 't', kind: 'number', min: 0, max: 100 },
    { key: 'radius', label: 'Radius', unit: 'm', kind: 'number', min: 0, max: 100 },
    { key: 'height', label: 'Hook height', unit: 'm', kind: 'number', min: -50, max: 400 },
    { key: 'slewAngle', label: 'Slew angle', unit: '°', kind: 'number', min: 0, max: 360 },
    { key: 'momentPct', label: 'Moment', unit: '%', kind: 'number', min: 0, max: 200 },
    { key: 'windSpeed', label: 'Wind speed', unit: 'm/s', kind: 'number', min: 0, max: 75 },
    { key: 'tilt', label: 'Tilt', unit: '°', kind: 'number', min: -90, max: 90 },
    { key: 'alarmFlags', label: 'Alarms', kind: 'flags', flags: CRANE_ALARMS },
  ],
  elevator: [
    { key: 'load', label: 'Load', unit: 'kg', kind: 'number', min: 0, max: 10000 },
    { key: 'loadPct', label: 'Load', unit: '%', kind: 'number', min: 0, max: 200 },
    { key: 'floor', label: 'Floor', kind: 'integer', min: -10, max: 200 },
    { key: 'height', label: 'Height', unit: 'm', kind: 'number', min: -50, max: 600 },
    { key: 'speed', label: 'Speed', unit: 'm/s', kind: 'number', min: -10, max: 10 },
    { key: 'people', label: 'People', kind: 'integer', min: 0, max: 100 },
    { key: 'frontDoorLocked', label: 'Front door locked', kind: 'boolean' },
    { key: 'rearDoorLocked', label: 'Rear door locked', kind: 'boolean' },
    { key: 'tilt', label: 'Tilt', unit: '°', kind: 'number', min: -90, max: 90 },
    { key: 'alarmFlags', label: 'Alarms', kind: 'flags', flags: ELEVATOR_ALARMS },
  ],
  towerElevatorFace: [
    { key: 'doorOpen', label: 'Door open', kind: 'boolean' },
    { key: 'driverOnDuty', label: 'Driver on duty', kind: 'boolean' },
    { key: 'passesToday', label: 'Passes today', kind: 'integer', min: 0 },
    { key: 'enrolledFaces', label: 'Enrolled faces', kind: 'integer', min: 0 },
  ],
  plate: [
    { key: 'barrierOpen', label: 'Barrier open', kind: 'boolean' },
    { key: 'inToday', label: 'Vehicles in today', kind: 'integer', min: 0 },
    { key: 'outToday', label: 'Vehicles out today', kind: 'integer', min: 0 },
  ],
  gateway: [
    { key: 'subDevices', label: 'Sub-devices', kind: 'integer', min: 0 },
    { key: 'subDevicesOnline', label: 'Sub-devices online', kind: 'integer', min: 0 },
    { key: 'cpuPct', label: 'CPU', unit: '%', kind: 'number', min: 0, max: 100 },
    { key: 'memPct', label: 'Memory', unit: '%', kind: 'number', min: 0, max: 100 },
    { key: 'uplink', label: 'Uplink', kind: 'string', values: ['ethernet', '4G', '5G', 'wifi'] },
    { key: 'signalDbm', label: 'Signal', unit: 'dBm', kind: 'number', min: -140, max: 0 },
  ],
};

/** Names of the bits set in a `flags` field's value. */
export function decodeFlags(field: TelemetryField, value: number): string[] {
  return (field.flags ?? []).filter((_, i) => (value & (1 << i)) !== 0);
}
/** The bitmask for a list of flag names of a `flags` field. */
export function encodeFlags(field: TelemetryField, names: readonly string[]): number {
  return (field.flags ?? []).reduce((mask, name, i) => (names.includes(name) ? mask | (1 << i) : mask), 0);
}

function fieldSchema(f: TelemetryField): z.ZodType {
  switch (f.kind) {
    case 'boolean':
      return z.boolean();
    case 'string':
      return f.values ? z.enum(f.values as [string, ...string[]]) : text().max(256);
    case 'flags':
      return z
        .number()
        .int()
        .min(0)
        .max(2 ** ((f.flags?.length ?? 0) + 8) - 1);
    default: {
      let s = f.kind === 'integer' ? z.number().int() : z.number();
      if (f.min !== undefined) s = s.min(f.min);
      if (f.max !== undefined) s = s.max(f.max);
      return s;
    }
  }
}

export type TelemetryData = Record<string, number | boolean | string>;

/** Per-type validator of `telemetry.data`: known fields checked, unknown fields dropped, all optional. */
export const telemetryDataSchemas: Record<DeviceType, z.ZodType<TelemetryData>> = Object.fromEntries(
  DEVICE_TYPES.map((t) => [
    t,
    z.object(
      Object.fromEntries(TELEMETRY_FIELDS[t].map((f) => [f.key, fieldSchema(f).optional()])),
    ) as z.ZodType<TelemetryData>,
  ]),
) as Record<DeviceType, z.ZodType<TelemetryData>>;
