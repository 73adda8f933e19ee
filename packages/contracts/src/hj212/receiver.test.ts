import { describe, expect, it } from 'vitest';
import { setRtdInterval, timeCalibrationRequest } from './commands.ts';
import { encodeHj212Frame } from './frame.ts';
import { encodePacket, formatDataSegment } from './packet.ts';
import { requestAnswer } from './replies.ts';
import { Hj212Receiver, answerOwed } from './receiver.ts';
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
    expect(got.answers.map((a) => formatDataSegment(a))).toEqual([
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
    expect(first.answers).toHaveLength(frames.length - 1);
    const last = rx.push(frames.at(-1)!);
    expect(last.packets).toEqual([big]);
    expect(last.answers).toHaveLength(1);
  });

  it('owes a 9014 to uploads that ask, a 9013 to a 1013 that asks, nothing to commands', () => {
    const q = { qn: '20261129120000010' };
    const cnOf = (p: ReturnType<typeof answerOwed>) => p?.cn;
    expect(cnOf(answerOwed(realtimeData(unit, at, {}, q)))).toBe('9014');
    expect(cnOf(answerOwed({ ...realtimeData(unit, at, {}, q), cn: '3020' }))).toBe('9014');
    expect(answerOwed(realtimeData(unit, at, {}, { ...q, ack: false }))).toBeUndefined();
    const notice = answerOwed(timeCalibrationRequest(unit, { ...q, ack: true }));
    expect(notice && formatDataSegment(notice)).toBe(
      'QN=20261129120000010;ST=91;CN=9013;PW=123456;MN=SITEOPS0000000000DUST001;Flag=4;CP=&&&&',
    );
    expect(answerOwed(setRtdInterval(unit, 30, q))).toBeUndefined();
  });
});
