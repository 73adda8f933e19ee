import { buildPacket, type BuildOptions, type Hj212Address } from './build.ts';
import { CN } from './commands-codes.ts';
import type { Hj212Value } from './cp.ts';
import type { Hj212Packet } from './packet.ts';
import { formatHjTime } from './time.ts';

// ---------------------------------------------------------------------------------------------------
// What a unit uploads on its own: data of a period at DataTime. They ask for a 9014 unless told not
// to, so the platform's acknowledgements are exercised.

export interface UploadOptions extends BuildOptions {
  /** The unit's zone for DataTime (default UTC+8). */
  offsetMin?: number;
}

function upload(
  cn: string,
  from: Hj212Address,
  dataTime: Date | number,
  values: Record<string, Hj212Value>,
  opt: UploadOptions,
): Hj212Packet {
  return buildPacket(
    from,
    cn,
    { dataTime: formatHjTime(dataTime, opt.offsetMin), values },
    { ...opt, ack: opt.ack ?? true },
  );
}

/** 2011: real-time values (`Rtd`, with a data `Flag`) at `dataTime`. */
export function realtimeData(
  from: Hj212Address,
  dataTime: Date | number,
  values: Record<string, Hj212Value>,
  opt: UploadOptions = {},
): Hj212Packet {
  return upload(CN.realtime, from, dataTime, values, opt);
}

/** 2051: minute data (`Min/Avg/Max`, `Cou` for totals); DataTime is the start of the period. */
export function minuteData(
  from: Hj212Address,
  dataTime: Date | number,
  values: Record<string, Hj212Value>,
  opt: UploadOptions = {},
): Hj212Packet {
  return upload(CN.minute, from, dataTime, values, opt);
}

/** 2061: hourly data. */
export function hourData(
  from: Hj212Address,
  dataTime: Date | number,
  values: Record<string, Hj212Value>,
  opt: UploadOptions = {},
): Hj212Packet {
  return upload(CN.hour, from, dataTime, values, opt);
}

/** 2031: daily data. */
export function dayData(
  from: Hj212Address,
  dataTime: Date | number,
  values: Record<string, Hj212Value>,
  opt: UploadOptions = {},
): Hj212Packet {
  return upload(CN.day, from, dataTime, values, opt);
}

/** 2021: equipment status; each instrument's running state as `RS` (1 running, 0 stopped...). */
export function statusData(
  from: Hj212Address,
  dataTime: Date | number,
  running: Record<string, number>,
  opt: UploadOptions = {},
): Hj212Packet {
  const values = Object.fromEntries(Object.entries(running).map(([code, rs]) => [code, { extra: { RS: String(rs) } }]));
  return upload(CN.status, from, dataTime, values, opt);
}
