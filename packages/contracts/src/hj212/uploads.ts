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

/** An upload of command `cn`: the unit's values of a period at `dataTime`. */
type Upload<V> = (from: Hj212Address, dataTime: Date | number, values: V, opt?: UploadOptions) => Hj212Packet;

const uploadOf =
  (cn: string): Upload<Record<string, Hj212Value>> =>
  (from, dataTime, values, opt = {}) =>
    buildPacket(
      from,
      cn,
      { dataTime: formatHjTime(dataTime, opt.offsetMin), values },
      { ...opt, ack: opt.ack ?? true },
    );

/** 2011: real-time values (`Rtd`, with a data `Flag`) at `dataTime`. */
export const realtimeData = uploadOf(CN.realtime);

/** 2051: minute data (`Min/Avg/Max`, `Cou` for totals); DataTime is the start of the period. */
export const minuteData = uploadOf(CN.minute);

/** 2061: hourly data. */
export const hourData = uploadOf(CN.hour);

/** 2031: daily data. */
export const dayData = uploadOf(CN.day);

/** 2021: equipment status; each instrument's running state as `RS` (1 running, 0 stopped...). */
export const statusData: Upload<Record<string, number>> = (from, dataTime, running, opt) => {
  const values = Object.fromEntries(Object.entries(running).map(([code, rs]) => [code, { extra: { RS: String(rs) } }]));
  return uploadOf(CN.status)(from, dataTime, values, opt);
};
