import type { Hj212Cp } from './cp.ts';
import { makeFlag, type Hj212Version } from './packet-flag.ts';
import type { Hj212Packet } from './packet.ts';
import { formatQn } from './time.ts';

/** Who a packet is for or from: the unit's system code, password and MN, and its edition. */
export interface Hj212Address {
  st: string;
  pw: string;
  mn: string;
  /** Default 2017. A 2005 unit gets Flag without version bits and 2005-style answers. */
  version?: Hj212Version;
}

export interface BuildOptions {
  /** Default: a QN of the current time (UTC+8). */
  qn?: string;
  /** Ask the peer for an answer (Flag bit A). */
  ack?: boolean;
}

/** A packet to or from `to`; the one place that chooses the Flag of what this module builds. */
export function buildPacket(to: Hj212Address, cn: string, cp: Partial<Hj212Cp>, opt: BuildOptions = {}): Hj212Packet {
  return {
    qn: opt.qn ?? formatQn(Date.now()),
    st: to.st,
    cn,
    pw: to.pw,
    mn: to.mn,
    flag: makeFlag({ ack: opt.ack, version: to.version }),
    cp: { values: cp.values ?? {}, other: cp.other ?? {}, ...(cp.dataTime !== undefined && { dataTime: cp.dataTime }) },
  };
}

/**
 * A reply to the request numbered `qn` (an answer, or the data a "get" command asked for). 2017
 * echoes the QN as the reply's own; HJ/T 212-2005 wrote it first inside the CP, the header without one.
 */
export function buildReply(
  from: Hj212Address,
  cn: string,
  other: Record<string, string>,
  qn: string | undefined,
): Hj212Packet {
  if ((from.version ?? 2017) === 2017) return buildPacket(from, cn, { other }, { qn });
  const { qn: _none, ...p } = buildPacket(from, cn, { other: { ...(qn !== undefined && { QN: qn }), ...other } });
  return p;
}
