import { buildPacket, buildReply, type BuildOptions, type Hj212Address } from './build.ts';
import { CN } from './commands-codes.ts';
import type { Hj212Packet } from './packet.ts';
import { formatHjTime } from './time.ts';

// ---------------------------------------------------------------------------------------------------
// Commands a server sends a unit (they ask for an answer unless told not to), and the data replies a
// unit sends for the "get" ones, between its 9011 and its 9012 (the request's QN echoed as answers do).

const ask = (opt: BuildOptions): BuildOptions => ({ ...opt, ack: opt.ack ?? true });
const polId = (id: string | undefined): Record<string, string> => (id !== undefined ? { PolId: id } : {});

/** 1011: read the unit's clock (of one instrument when PolId is given). */
export function getTime(to: Hj212Address, opt: BuildOptions & { polId?: string } = {}): Hj212Packet {
  return buildPacket(to, CN.getTime, { other: polId(opt.polId) }, ask(opt));
}

/** 1012: set the unit's clock. `offsetMin` is the unit's zone (default UTC+8). */
export function setTime(
  to: Hj212Address,
  at: Date | number,
  opt: BuildOptions & { polId?: string; offsetMin?: number } = {},
): Hj212Packet {
  const other = { ...polId(opt.polId), SystemTime: formatHjTime(at, opt.offsetMin) };
  return buildPacket(to, CN.setTime, { other }, ask(opt));
}

/** 1011 from the unit: its clock, in answer to a 1011 (same QN). */
export function timeReply(
  request: Pick<Hj212Packet, 'qn'>,
  from: Hj212Address,
  at: Date | number,
  opt: { polId?: string; offsetMin?: number } = {},
): Hj212Packet {
  const other = { ...polId(opt.polId), SystemTime: formatHjTime(at, opt.offsetMin) };
  return buildReply(from, CN.getTime, other, request.qn);
}

/** 1013 from the unit (2017): "my clock needs setting"; the server answers with a 9013, then sends a 1012. */
export function timeCalibrationRequest(from: Hj212Address, opt: BuildOptions & { polId?: string } = {}): Hj212Packet {
  return buildPacket(from, CN.timeCalibration, { other: polId(opt.polId) }, opt);
}

/**
 * The read (`get`), the set and the unit's reply of one of its upload intervals, carried in parameter
 * `param`.
 */
function intervalCommands(get: string, set: string, param: string) {
  return {
    get: (to: Hj212Address, opt: BuildOptions = {}): Hj212Packet => buildPacket(to, get, {}, ask(opt)),
    set: (to: Hj212Address, value: number, opt: BuildOptions = {}): Hj212Packet =>
      buildPacket(to, set, { other: { [param]: String(value) } }, ask(opt)),
    reply: (request: Pick<Hj212Packet, 'qn'>, from: Hj212Address, value: number): Hj212Packet =>
      buildReply(from, get, { [param]: String(value) }, request.qn),
  };
}

const rtdInterval = intervalCommands(CN.getRtdInterval, CN.setRtdInterval, 'RtdInterval');
/** 1061: read the real-time data interval. */
export const getRtdInterval = rtdInterval.get;
/** 1062: set the real-time data interval, in seconds. */
export const setRtdInterval = rtdInterval.set;
/** 1061 from the unit: its real-time interval (s), in answer to a 1061 (same QN). */
export const rtdIntervalReply = rtdInterval.reply;

const minInterval = intervalCommands(CN.getMinInterval, CN.setMinInterval, 'MinInterval');
/** 1063: read the minute-data interval. */
export const getMinInterval = minInterval.get;
/** 1064: set the minute-data interval, in minutes. */
export const setMinInterval = minInterval.set;
/** 1063 from the unit: its minute-data interval (min), in answer to a 1063 (same QN). */
export const minIntervalReply = minInterval.reply;
