// ---------------------------------------------------------------------------------------------------
// The header's `Flag` field (HJ 212-2017 6.3.3): bits V5..V0 D A, lowest last.

/** Bit 0, A: the sender wants an answer (9014 for an upload, 9011/9012 for a command). */
export const FLAG_ACK = 0b01;
/** Bit 1, D: the packet is one piece of a split message and carries PNUM/PNO. */
export const FLAG_SPLIT = 0b10;
/** Bits 2-7: the standard's version; 0 is HJ/T 212-2005, 1 is HJ 212-2017. */
export const FLAG_VERSION_SHIFT = 2;

export type Hj212Version = 2005 | 2017;

/** Whether the peer asked for an answer. A missing Flag (common in 2005 units) asks for none. */
export function needsAck(flag: number | undefined): boolean {
  return flag !== undefined && (flag & FLAG_ACK) !== 0;
}

/** Whether the packet is a piece of a split message (PNUM/PNO present). */
export function isSplit(flag: number | undefined): boolean {
  return flag !== undefined && (flag & FLAG_SPLIT) !== 0;
}

/** The version number in the flag's high bits (0 = 2005, 1 = 2017, others reserved). */
export function flagVersion(flag: number | undefined): number {
  return flag === undefined ? 0 : (flag >> FLAG_VERSION_SHIFT) & 0x3f;
}

/** The Flag a sender of `version` writes. 2017 with an answer asked is the familiar `Flag=5`. */
export function makeFlag(opt: { ack?: boolean; split?: boolean; version?: Hj212Version } = {}): number {
  const v = (opt.version ?? 2017) === 2017 ? 1 : 0;
  return (v << FLAG_VERSION_SHIFT) | (opt.split ? FLAG_SPLIT : 0) | (opt.ack ? FLAG_ACK : 0);
}
