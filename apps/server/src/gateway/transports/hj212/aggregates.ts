import { CN, parseHjTime, type Hj212Packet } from '@siteops/contracts/hj212';
import type { Hj212AggregateRow } from '../../store-hj212-aggregates.ts';

/** Minute, hour or day data as the monitor computed it (hj212_aggregates): one row per code. */
export type Hj212Aggregate = Hj212AggregateRow;

const PERIODS: Record<string, Hj212Aggregate['period']> = {
  [CN.minute]: 'minute',
  [CN.hour]: 'hour',
  [CN.day]: 'day',
};

const orNull = (v: number | undefined) => (v === undefined ? null : v);

/**
 * The rows a 2051/2061/2031 upload of device `deviceId` stores: per code its Avg (or, as some units send
 * noise, its `Data`), Min, Max, Cou and flag. None without the packet's DataTime.
 */
export function aggregatesOf(p: Hj212Packet, deviceId: number): Hj212Aggregate[] {
  const at = p.cp.dataTime ? parseHjTime(p.cp.dataTime) : null;
  if (!at) return [];
  const period = PERIODS[p.cn];
  const rows: Hj212Aggregate[] = [];
  for (const [code, v] of Object.entries(p.cp.values)) {
    const dataAvg = v.extra?.Data !== undefined ? Number(v.extra.Data) : NaN;
    const avg = v.Avg ?? (Number.isFinite(dataAvg) ? dataAvg : undefined);
    if (avg === undefined && v.Min === undefined && v.Max === undefined && v.Cou === undefined) continue;
    rows.push({
      deviceId,
      period,
      at,
      code: code.slice(0, 32),
      avg: orNull(avg),
      min: orNull(v.Min),
      max: orNull(v.Max),
      cou: orNull(v.Cou),
      flag: v.Flag?.slice(0, 2) ?? null,
    });
  }
  return rows;
}
