import { describe, expect, it } from 'vitest';
import { HJ212_MAX_DATA_BYTES } from './frame.ts';
import { isSplit } from './packet-flag.ts';
import { parseDataSegment, type Hj212Packet } from './packet.ts';
import { Hj212Reassembler, encodePacketFrames } from './split.ts';
import { Hj212StreamDecoder } from './stream-decoder.ts';
import { realtimeData } from './uploads.ts';

const unit = { st: '22', pw: '123456', mn: 'SITEOPS0000000000DUST001' };
const at = Date.parse('2026-11-29T04:00:00Z');

/** A 2011 with `n` made-up codes, each with a value and a flag. */
function bigUpload(n: number, qn = '20261129120000000'): Hj212Packet {
  const values = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`a9${String(i).padStart(4, '0')}`, { Rtd: i + 0.5, Flag: 'N' }]),
  );
  return realtimeData(unit, at, values, { qn });
}

/** Frames through a stream decoder and the parser, as a server reads them. */
function readAll(frames: string[]): Hj212Packet[] {
  const d = new Hj212StreamDecoder();
  return d.push(frames.join('')).map((it) => {
    if (!it.ok) throw new Error(it.detail);
    const r = parseDataSegment(it.data);
    if (!r.ok) throw new Error(r.reason);
    return r.packet;
  });
}

describe('split messages', () => {
  it('a packet that fits is one frame, unsplit', () => {
    const frames = encodePacketFrames(bigUpload(3));
    expect(frames).toHaveLength(1);
    expect(readAll(frames)[0]).toEqual(bigUpload(3));
  });

  it('a long packet becomes pieces under 1024 bytes, with D set, PNUM/PNO and DataTime in each', () => {
    const frames = encodePacketFrames(bigUpload(100));
    expect(frames.length).toBeGreaterThan(2);
    const pieces = readAll(frames);
    pieces.forEach((p, i) => {
      expect(p.pnum).toBe(frames.length);
      expect(p.pno).toBe(i + 1);
      expect(isSplit(p.flag)).toBe(true);
      expect(p.flag).toBe(7);
      expect(p.cp.dataTime).toBe('20261129120000');
      expect(p.qn).toBe('20261129120000000');
    });
    for (const f of frames) expect(Number(f.slice(2, 6))).toBeLessThanOrEqual(HJ212_MAX_DATA_BYTES);
  });

  it('reassembles the pieces in any order into the original packet', () => {
    const original = bigUpload(100);
    const pieces = readAll(encodePacketFrames(original)).reverse();
    const r = new Hj212Reassembler();
    const out = pieces.map((p) => r.push(p));
    expect(out.slice(0, -1).every((x) => x === null)).toBe(true);
    expect(out.at(-1)).toEqual(original);
    expect(r.stats).toEqual({ completed: 1, invalid: 0, evicted: 0 });
    expect(r.held).toBe(0);
  });

  it('keeps messages of different units or QNs apart, and ignores a repeated piece', () => {
    const a = readAll(encodePacketFrames(bigUpload(60, 'QA')));
    const b = readAll(encodePacketFrames(bigUpload(60, 'QB')));
    const r = new Hj212Reassembler();
    expect(r.push(a[0])).toBeNull();
    expect(r.push(a[0])).toBeNull();
    expect(r.push(b[0])).toBeNull();
    expect(r.held).toBe(2);
    const doneB = b.slice(1).map((p) => r.push(p));
    expect(doneB.at(-1)?.qn).toBe('QB');
    const doneA = a.slice(1).map((p) => r.push(p));
    expect(doneA.at(-1)).toEqual(bigUpload(60, 'QA'));
  });

  it('a packet that is not split passes through, and so does a 2005 Flag=3 one without PNUM/PNO', () => {
    const r = new Hj212Reassembler();
    const p = bigUpload(2);
    expect(r.push(p)).toBe(p);
    const flag3 = { ...bigUpload(2), mn: '88888880000001', flag: 3 };
    expect(r.push(flag3)).toBe(flag3);
    expect(r.stats).toEqual({ completed: 0, invalid: 0, evicted: 0 });
  });

  it('bounds the pieces held: the oldest incomplete message is dropped', () => {
    const r = new Hj212Reassembler({ maxPieces: 4 });
    const piece = (qn: string, pno: number): Hj212Packet => ({ ...bigUpload(1, qn), flag: 7, pnum: 3, pno });
    r.push(piece('Q1', 1));
    r.push(piece('Q1', 2));
    r.push(piece('Q2', 1));
    r.push(piece('Q2', 2));
    expect(r.held).toBe(4);
    r.push(piece('Q3', 1));
    expect(r.stats.evicted).toBe(1);
    expect(r.held).toBe(3);
    expect(r.push(piece('Q1', 3))).toBeNull(); // Q1 is gone: its last piece starts it anew
    expect(r.push(piece('Q2', 3))?.qn).toBe('Q2');
  });

  it('refuses pieces with impossible numbers', () => {
    const r = new Hj212Reassembler({ maxPieces: 10 });
    const base = { ...bigUpload(1), flag: 7 };
    for (const bad of [{ pno: 1 }, { pnum: 2 }, { pnum: 2, pno: 3 }, { pnum: 0, pno: 0 }, { pnum: 11, pno: 1 }])
      expect(r.push({ ...base, ...bad })).toBeNull();
    expect(r.stats.invalid).toBe(5);
    expect(r.held).toBe(0);
  });

  it('refuses to build a frame for one group that cannot fit', () => {
    const p = realtimeData(unit, at, { x: { extra: { Info: 'y'.repeat(2000) } } });
    expect(() => encodePacketFrames(p)).toThrow(RangeError);
  });
});
