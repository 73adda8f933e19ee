import { z } from 'zod';
import { anyText as text } from '../shared/text.ts';
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

/**
 * The data flag a value may carry (`telemetry.flags`), as HJ 212 monitors report it: N normal, F
 * stopped, M maintenance, S manually set, D fault, C calibration, T over the upper range, B
 * communication fault (P: HJ/T 212-2005's power failure). A value flagged anything but N is stored and
 * shown, but triggers no alarm and is left out of analytics averages.
 */
export const DATA_FLAG_VALUES = ['N', 'F', 'M', 'S', 'D', 'C', 'T', 'B', 'P'] as const;
export type DataFlagValue = (typeof DATA_FLAG_VALUES)[number];

/** Whether a field's value counts as a measurement: no flag, or `N`. */
export const isValidMeasurement = (flags: Record<string, string> | null | undefined, field: string) =>
  !flags || !Object.hasOwn(flags, field) || flags[field] === 'N';

/**
 * A dust monitor's other HJ 212 codes, kept under their own names: 2017 codes (`a34005`, `a01006`),
 * 2005 ones (`B03`, `01`) and noise levels (`L10`, `Ld`). Numbers only, at most this many per message.
 */
export const HJ212_CODE_KEY = /^(?:[a-z]\d{5}|[A-Z]\d{2}|\d{2,3}|L[A-Za-z0-9]{1,3})$/;
const MAX_EXTRA_CODES = 64;

function typeSchema(t: DeviceType): z.ZodType<TelemetryData> {
  const known = z.object(Object.fromEntries(TELEMETRY_FIELDS[t].map((f) => [f.key, fieldSchema(f).optional()])));
  if (t !== 'dust') return known as z.ZodType<TelemetryData>;
  const keys = new Set(TELEMETRY_FIELDS[t].map((f) => f.key));
  return known.catchall(z.unknown()).transform((data) => {
    const out: TelemetryData = {};
    let extra = 0;
    for (const [k, v] of Object.entries(data)) {
      if (keys.has(k)) {
        if (v !== undefined) out[k] = v as number;
      } else if (HJ212_CODE_KEY.test(k) && typeof v === 'number' && Number.isFinite(v) && extra < MAX_EXTRA_CODES) {
        extra++;
        out[k] = v;
      }
    }
    return out;
  }) as unknown as z.ZodType<TelemetryData>;
}

/**
 * Per-type validator of `telemetry.data`: known fields checked, unknown fields dropped, all optional
 * (a dust monitor's unknown HJ 212 codes with numeric values are kept, see HJ212_CODE_KEY).
 */
export const telemetryDataSchemas: Record<DeviceType, z.ZodType<TelemetryData>> = Object.fromEntries(
  DEVICE_TYPES.map((t) => [t, typeSchema(t)]),
) as Record<DeviceType, z.ZodType<TelemetryData>>;
