import { describe, expect, it } from 'vitest';
import { CN, ExeRtn, QnRtn, cnName } from './commands-codes.ts';
import {
  getMinInterval,
  getRtdInterval,
  getTime,
  minIntervalReply,
  rtdIntervalReply,
  setMinInterval,
  setRtdInterval,
  setTime,
  timeCalibrationRequest,
  timeReply,
} from './commands.ts';
import { encodePacket, formatDataSegment, parseDataSegment, type Hj212Packet } from './packet.ts';
import { dataAnswer, executionResult, notifyAnswer, requestAnswer } from './replies.ts';
import { decodeHj212Frame } from './stream-decoder.ts';
import { dayData, hourData, minuteData, realtimeData, statusData } from './uploads.ts';

const EXAMPLE = 'QN=20160801085857223;ST=32;CN=1062;PW=100000;MN=010000A8900016F000169DC0;Flag=5;CP=&&RtdInterval=30&&';
const unit = { st: '22', pw: '123456', mn: 'SITEOPS0000000000DUST001' };
const unit2005 = { st: '22', pw: '123456', mn: '88888880000001', version: 2005 as const };
const at = Date.parse('2026-11-29T04:00:00Z'); // 12:00 in China
const qn = '20261129120000000';

function parsed(data: string): Hj212Packet {
  const r = parseDataSegment(data);
  if (!r.ok) throw new Error(r.reason);
  return r.packet;
}

/** Every built packet goes through a real frame and back unchanged. */
function roundTrip(p: Hj212Packet): string {
  const frame = encodePacket(p);
  const d = decodeHj212Frame(frame);
  expect(d.ok && parsed(d.data)).toEqual(p);
  return frame;
}

describe('uploads (golden frames)', () => {
  it('2011 real-time data: several pollutants with their flags, answer asked (Flag=5)', () => {
    const p = realtimeData(
      unit,
      at,
      {
        a34004: { Rtd: 35.2, Flag: 'N' },
        a34002: { Rtd: 61.8, Flag: 'N' },
        a34001: { Rtd: 98, Flag: 'M' },
        LA: { Rtd: 62.4, Flag: 'N' },
      },
      { qn },
    );
    expect(roundTrip(p)).toBe(
      '##0220QN=20261129120000000;ST=22;CN=2011;PW=123456;MN=SITEOPS0000000000DUST001;Flag=5;' +
        'CP=&&DataTime=20261129120000;a34004-Rtd=35.2,a34004-Flag=N;a34002-Rtd=61.8,a34002-Flag=N;' +
        'a34001-Rtd=98,a34001-Flag=M;LA-Rtd=62.4,LA-Flag=N&&D4C1\r\n',
    );
  });

  it('2051 minute data: Min/Avg/Max and a T (over limit) flag', () => {
    const p = minuteData(
      unit,
      at,
      {
        a34004: { Min: 30.1, Avg: 35.2, Max: 41, Flag: 'N' },
        a34002: { Min: 50, Avg: 61.8, Max: 75.5, Flag: 'T' },
      },
      { qn: '20261129120100000' },
    );
    expect(roundTrip(p)).toBe(
      '##0230QN=20261129120100000;ST=22;CN=2051;PW=123456;MN=SITEOPS0000000000DUST001;Flag=5;' +
        'CP=&&DataTime=20261129120000;a34004-Min=30.1,a34004-Avg=35.2,a34004-Max=41,a34004-Flag=N;' +
        'a34002-Min=50,a34002-Avg=61.8,a34002-Max=75.5,a34002-Flag=T&&5D80\r\n',
    );
  });

  it('2061 hour, 2031 day, 2021 status; an upload may ask for no answer (Flag=4)', () => {
    const v = { a34002: { Avg: 60, Flag: 'N' } };
    expect(hourData(unit, at, v, { qn }).cn).toBe('2061');
    expect(dayData(unit, at, v, { qn }).cn).toBe('2031');
    const status = statusData(unit, at, { a34002: 1, LA: 0 }, { qn, ack: false });
    expect(formatDataSegment(status)).toBe(
      `QN=${qn};ST=22;CN=2021;PW=123456;MN=SITEOPS0000000000DUST001;Flag=4;` +
        'CP=&&DataTime=20261129120000;a34002-RS=1;LA-RS=0&&',
    );
    roundTrip(status);
  });

  it('a 2005 unit writes Flag without version bits', () => {
    const p = realtimeData(unit2005, at, { a34002: { Rtd: 80, Flag: 'N' } }, { qn });
    expect(p.flag).toBe(1);
    roundTrip(p);
  });
});

describe('answers', () => {
  const request = parsed(EXAMPLE);

  it('9011/9012/9013/9014 to a 2017 packet: ST=91, the same QN in the header, no answer asked', () => {
    const common = 'QN=20160801085857223;ST=91;CN=';
    const tail = ';PW=100000;MN=010000A8900016F000169DC0;Flag=4;CP=&&';
    expect(roundTrip(requestAnswer(request))).toBe(`##0094${common}9011${tail}QnRtn=1&&E101\r\n`);
    expect(roundTrip(executionResult(request))).toBe(`##0095${common}9012${tail}ExeRtn=1&&21C0\r\n`);
    expect(roundTrip(dataAnswer(request))).toBe(`##0087${common}9014${tail}&&71C0\r\n`);
    expect(formatDataSegment(notifyAnswer(request))).toBe(`${common}9013${tail}&&`);
    expect(formatDataSegment(requestAnswer(request, QnRtn.badPassword))).toContain('QnRtn=3');
    expect(formatDataSegment(executionResult(request, ExeRtn.noData))).toContain('ExeRtn=100');
  });

  it('to a 2005 packet: the answered QN (and for 9014 the CN) inside the CP, Flag=0', () => {
    const upload = parsed('QN=20040516010101001;ST=22;CN=2011;PW=123456;MN=88888880000001;Flag=1;CP=&&B03-Rtd=50&&');
    const ack = dataAnswer(upload);
    expect(formatDataSegment(ack)).toBe(
      'ST=91;CN=9014;PW=123456;MN=88888880000001;Flag=0;CP=&&QN=20040516010101001;CN=2011&&',
    );
    expect(formatDataSegment(requestAnswer(upload))).toBe(
      'ST=91;CN=9011;PW=123456;MN=88888880000001;Flag=0;CP=&&QN=20040516010101001;QnRtn=1&&',
    );
    roundTrip(ack);
  });

  it("a 2005 unit's replies to a get carry the request's QN in the CP too", () => {
    const request = parsed('QN=20040516010101001;ST=32;CN=1061;PW=123456;MN=88888880000001;Flag=3;CP=&&&&');
    const unit05 = { st: '32', pw: '123456', mn: '88888880000001', version: 2005 as const };
    expect(formatDataSegment(rtdIntervalReply(request, unit05, 30))).toBe(
      'ST=32;CN=1061;PW=123456;MN=88888880000001;Flag=0;CP=&&QN=20040516010101001;RtdInterval=30&&',
    );
    expect(formatDataSegment(executionResult(request))).toBe(
      'ST=91;CN=9012;PW=123456;MN=88888880000001;Flag=0;CP=&&QN=20040516010101001;ExeRtn=1&&',
    );
  });
});

describe('commands and their replies', () => {
  it("1062 set real-time interval is the standard's example, byte for byte", () => {
    const p = setRtdInterval({ st: '32', pw: '100000', mn: '010000A8900016F000169DC0' }, 30, {
      qn: '20160801085857223',
    });
    expect(roundTrip(p)).toBe(`##0101${EXAMPLE}1C80\r\n`);
  });

  it('time get/set/reply/calibration, interval get/set/reply', () => {
    const seg = (p: Hj212Packet) => formatDataSegment(p).replace(`;PW=123456;MN=${unit.mn}`, '');
    expect(seg(getTime(unit, { qn }))).toBe(`QN=${qn};ST=22;CN=1011;Flag=5;CP=&&&&`);
    expect(seg(getTime(unit, { qn, polId: 'a34002' }))).toBe(`QN=${qn};ST=22;CN=1011;Flag=5;CP=&&PolId=a34002&&`);
    expect(seg(setTime(unit, at, { qn }))).toBe(`QN=${qn};ST=22;CN=1012;Flag=5;CP=&&SystemTime=20261129120000&&`);
    expect(seg(timeReply({ qn }, unit, at + 1000, { polId: 'a34002' }))).toBe(
      `QN=${qn};ST=22;CN=1011;Flag=4;CP=&&PolId=a34002;SystemTime=20261129120001&&`,
    );
    expect(seg(timeCalibrationRequest(unit, { qn, ack: true }))).toBe(`QN=${qn};ST=22;CN=1013;Flag=5;CP=&&&&`);
    expect(seg(getRtdInterval(unit, { qn }))).toBe(`QN=${qn};ST=22;CN=1061;Flag=5;CP=&&&&`);
    expect(seg(rtdIntervalReply({ qn }, unit, 30))).toBe(`QN=${qn};ST=22;CN=1061;Flag=4;CP=&&RtdInterval=30&&`);
    expect(seg(getMinInterval(unit, { qn }))).toBe(`QN=${qn};ST=22;CN=1063;Flag=5;CP=&&&&`);
    expect(seg(setMinInterval(unit, 10, { qn }))).toBe(`QN=${qn};ST=22;CN=1064;Flag=5;CP=&&MinInterval=10&&`);
    expect(seg(minIntervalReply({ qn }, unit, 10))).toBe(`QN=${qn};ST=22;CN=1063;Flag=4;CP=&&MinInterval=10&&`);
    expect(seg(setTime(unit, at, { qn, ack: false }))).toContain('Flag=4');
  });

  it('a command without a QN given gets one of the current time', () => {
    expect(getTime(unit).qn).toMatch(/^\d{17}$/);
  });

  it('names the codes it knows', () => {
    expect(cnName('2011')).toBe('realtime');
    expect(cnName('9014')).toBe('dataAnswer');
    expect(cnName('4242')).toBeUndefined();
    expect(new Set(Object.values(CN)).size).toBe(Object.keys(CN).length);
  });
});
