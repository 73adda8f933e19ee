import { cpGroups, parseCp } from './cp.ts';
import { HJ212_MAX_DATA_BYTES, dataBytes, encodeHj212Frame } from './frame.ts';
import { getOwn, setOwn } from './own.ts';
import { FLAG_SPLIT, isSplit, makeFlag } from './packet-flag.ts';
import { formatDataSegment, versionOf, type Hj212Packet } from './packet.ts';

// ---------------------------------------------------------------------------------------------------
// Split messages: a CP too long for one frame is sent as PNUM pieces numbered PNO 1..PNUM, each a
// whole packet with the same QN and MN, the Flag's D bit set, and a part of the CP.

/**
 * A packet as the frames that carry it: one frame when it fits, else pieces of whole CP groups, each
 * repeating DataTime so that a piece still means something if another is lost.
 */
export function encodePacketFrames(packet: Hj212Packet, maxDataBytes = HJ212_MAX_DATA_BYTES): string[] {
  const whole = formatDataSegment(packet);
  if (dataBytes(whole).length <= maxDataBytes) return [encodeHj212Frame(whole)];
  const flag = (packet.flag ?? makeFlag({ version: versionOf(packet) })) | FLAG_SPLIT;
  const head = (extra: string[]) =>
    formatDataSegment({ ...packet, flag, pnum: 9999, pno: 9999, cp: parseCp(extra.join(';')) });
  const time = packet.cp.dataTime !== undefined ? [`DataTime=${packet.cp.dataTime}`] : [];
  const groups = cpGroups({ ...packet.cp, dataTime: undefined });
  const pieces: string[][] = [];
  let current: string[] = [];
  for (const g of groups) {
    // PNUM/PNO are sized for 4 digits here, so a piece that fits now still fits with its real numbers.
    if (current.length > 0 && dataBytes(head([...time, ...current, g])).length > maxDataBytes) {
      pieces.push(current);
      current = [];
    }
    if (dataBytes(head([...time, g])).length > maxDataBytes) {
      throw new RangeError(`HJ 212 CP group "${g.slice(0, 40)}..." does not fit one frame`);
    }
    current.push(g);
  }
  if (current.length > 0) pieces.push(current);
  return pieces.map((groups, i) =>
    encodeHj212Frame(
      formatDataSegment({
        ...packet,
        flag,
        pnum: pieces.length,
        pno: i + 1,
        cp: parseCp([...time, ...groups].join(';')),
      }),
    ),
  );
}

export interface ReassemblyStats {
  /** Messages put back together. */
  completed: number;
  /** Pieces refused: PNUM/PNO missing or out of range, or a message bigger than the whole bound. */
  invalid: number;
  /** Incomplete messages dropped to keep within the bound, oldest first. */
  evicted: number;
}

/**
 * Puts split messages back together, keyed by MN + QN (a unit numbers its messages by QN). A unit
 * that loses a piece would leave the rest held forever, so the pieces held are bounded: past
 * `maxPieces`, the oldest incomplete messages are dropped and counted.
 */
export class Hj212Reassembler {
  readonly stats: ReassemblyStats = { completed: 0, invalid: 0, evicted: 0 };
  readonly #maxPieces: number;
  /** Insertion order is age: Map iterates oldest first. */
  readonly #pending = new Map<string, Map<number, Hj212Packet>>();
  #held = 0;

  constructor(opt: { maxPieces?: number } = {}) {
    this.#maxPieces = opt.maxPieces ?? 256;
  }

  /** Pieces held for incomplete messages. */
  get held(): number {
    return this.#held;
  }

  /** A packet in; the whole message out once complete (a packet that is not split passes at once), else null. */
  push(p: Hj212Packet): Hj212Packet | null {
    const { pnum, pno } = p;
    // HJ/T 212-2005 units write Flag=3 (D set) on whole packets: without PNUM and PNO, a packet is whole.
    if (!isSplit(p.flag) || (pnum === undefined && pno === undefined)) return p;
    if (pnum === undefined || pno === undefined || pnum < 1 || pno < 1 || pno > pnum || pnum > this.#maxPieces) {
      this.stats.invalid++;
      return null;
    }
    const key = `${p.mn}\u0000${p.qn ?? ''}`;
    let pieces = this.#pending.get(key);
    if (!pieces) {
      pieces = new Map();
      this.#pending.set(key, pieces);
    }
    if (!pieces.has(pno)) this.#held++;
    pieces.set(pno, p);
    if (pieces.size >= pnum && Array.from({ length: pnum }, (_, n) => n + 1).every((n) => pieces.has(n))) {
      this.#pending.delete(key);
      this.#held -= pieces.size;
      this.stats.completed++;
      return merge(p, pnum, pieces);
    }
    while (this.#held > this.#maxPieces) {
      const [oldest, dropped] = this.#pending.entries().next().value!;
      this.#pending.delete(oldest);
      this.#held -= dropped.size;
      this.stats.evicted++;
    }
    return null;
  }
}

function merge(last: Hj212Packet, pnum: number, pieces: Map<number, Hj212Packet>): Hj212Packet {
  const cp: Hj212Packet['cp'] = { values: {}, other: {} };
  for (let n = 1; n <= pnum; n++) {
    const piece = pieces.get(n)!.cp;
    cp.dataTime ??= piece.dataTime;
    for (const [k, v] of Object.entries(piece.other)) setOwn(cp.other, k, v);
    for (const [code, v] of Object.entries(piece.values)) setOwn(cp.values, code, { ...getOwn(cp.values, code), ...v });
  }
  const { pnum: _pnum, pno: _pno, ...head } = pieces.get(1) ?? last;
  return { ...head, flag: (head.flag ?? 0) & ~FLAG_SPLIT, cp };
}
