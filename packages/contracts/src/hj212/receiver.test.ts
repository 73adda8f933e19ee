import { describe, expect, it } from 'vitest';
import { setRtdInterval } from './commands.ts';
import { encodeHj212Frame } from './frame.ts';
import { encodePacket, formatDataSegment } from './packet.ts';
import { requestAnswer } from './replies.ts';
import { Hj212Receiver, owesDataAnswer } from './receiver.ts';
import { encodePacketFrames } from './split.ts';
import { minuteData, realtimeData } from './uploads.ts';

const unit = { st: '22', pw: '123456', mn: 'SITEOPS0000000000DUST001' };
const at = Date.parse('2026-11-29T04:00:00Z');

describe('receiver: one link inbound', () => {
  it('packets out, 9014s owed for uploads that asked, errors reported, in one pass', () => {
    const rx = new Hj212Receiver();
    const rt = realtimeData(unit, at, { a34002: { Rtd: 60, Flag: 'N' } }, { qn: '20261129120000001' });
    const quiet = minuteData(unit, at, { a34002: { Avg: 60 } }, { qn: '20261129120000002', ack: false });
    const answer = requestAnswer(setRtdInterval(unit, 30, { qn: '20261129120000003' }));
    const bytes =
      encodePacket(rt) + 'junk' + encodePacket(quiet) + encodeHj212Frame('no cp here') + encodePacket(answer);
    const got = rx.push(bytes);
    expect(got.packets).toEqual([rt, quiet, answer]);
    expect(got.acks.map((a) => formatDataSegment(a))).toEqual([
      'QN=20261129120000001;ST=91;CN=9014;PW=123456;MN=SITEOPS0000000000DUST001;Flag=4;CP=&&&&',
    ]);
    expect(got.errors).toEqual([
      { error: 'garbage', detail: '4 bytes before ##' },
      { error: 'badPacket', detail: 'no CP=&&' },
    ]);
    expect(rx.badPackets).toBe(1);
  });

  it('acks each piece of a split upload, and hands on the message once whole', () => {
    const big = realtimeData(
      unit,
      at,
      Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`a9${String(i).padStart(4, '0')}`, { Rtd: i }])),
      { qn: '20261129120000009' },
    );
    const frames = encodePacketFrames(big);
    expect(frames.length).toBeGreaterThan(1);
    const rx = new Hj212Receiver();
    const first = rx.push(frames.slice(0, -1).join(''));
    expect(first.packets).toEqual([]);
    expect(first.acks).toHaveLength(frames.length - 1);
    const last = rx.push(frames.at(-1)!);
    expect(last.packets).toEqual([big]);
    expect(last.acks).toHaveLength(1);
  });

  it('only uploads that ask are owed a 9014', () => {
    const q = { qn: '1' };
    expect(owesDataAnswer(realtimeData(unit, at, {}, q))).toBe(true);
    expect(owesDataAnswer(realtimeData(unit, at, {}, { ...q, ack: false }))).toBe(false);
    expect(owesDataAnswer(setRtdInterval(unit, 30, q))).toBe(false);
  });
});
