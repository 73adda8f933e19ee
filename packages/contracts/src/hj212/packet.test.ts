import { describe, expect, it } from 'vitest';
import { isNormal, isDataFlag, DATA_FLAGS } from './data-flag.ts';
import { flagVersion, isSplit, makeFlag, needsAck } from './packet-flag.ts';
import {
  answeredQn,
  encodePacket,
  formatDataSegment,
  parseDataSegment,
  versionOf,
  type Hj212Packet,
} from './packet.ts';
import { formatCp, formatHjNumber, parseCp } from './cp.ts';
import { formatHjTime, formatQn, parseHjTime } from './time.ts';
import { decodeHj212Frame } from './stream-decoder.ts';

const EXAMPLE = 'QN=20160801085857223;ST=32;CN=1062;PW=100000;MN=010000A8900016F000169DC0;Flag=5;CP=&&RtdInterval=30&&';

function parsed(data: string): Hj212Packet {
  const r = parseDataSegment(data);
  if (!r.ok) throw new Error(r.reason);
  return r.packet;
}

describe('data segment', () => {
  it("parses the standard's example", () => {
    expect(parsed(EXAMPLE)).toEqual({
      qn: '20160801085857223',
      st: '32',
      cn: '1062',
      pw: '100000',
      mn: '010000A8900016F000169DC0',
      flag: 5,
      cp: { values: {}, other: { RtdInterval: '30' } },
    });
    expect(formatDataSegment(parsed(EXAMPLE))).toBe(EXAMPLE);
  });

  it('parses a 2011 upload with several pollutants, flags and meteorology', () => {
    const data =
      'QN=20261129120000123;ST=22;CN=2011;PW=123456;MN=SITEOPS0000000000DUST001;Flag=5;' +
      'CP=&&DataTime=20261129120000;a34004-Rtd=35.2,a34004-Flag=N;a34002-Rtd=61.8,a34002-Flag=N;' +
      'a34001-Rtd=98,a34001-Flag=M;LA-Rtd=62.4,LA-Flag=N;a01001-Rtd=-3.5,a01001-Flag=N;' +
      'a01002-Rtd=41,a01002-Flag=N;a01007-Rtd=2.3,a01007-Flag=N;a01008-Rtd=270,a01008-Flag=N&&';
    const p = parsed(data);
    expect(p).toMatchObject({ cn: '2011', st: '22', flag: 5, mn: 'SITEOPS0000000000DUST001' });
    expect(p.cp.dataTime).toBe('20261129120000');
    expect(p.cp.values).toEqual({
      a34004: { Rtd: 35.2, Flag: 'N' },
      a34002: { Rtd: 61.8, Flag: 'N' },
      a34001: { Rtd: 98, Flag: 'M' },
      LA: { Rtd: 62.4, Flag: 'N' },
      a01001: { Rtd: -3.5, Flag: 'N' },
      a01002: { Rtd: 41, Flag: 'N' },
      a01007: { Rtd: 2.3, Flag: 'N' },
      a01008: { Rtd: 270, Flag: 'N' },
    });
    expect(formatDataSegment(p)).toBe(data);
  });

  it('parses a 2051 minute upload: Min/Avg/Max/Cou, extra fields kept as text', () => {
    const p = parsed(
      'QN=20261129120100000;ST=22;CN=2051;PW=123456;MN=SITEOPS0000000000DUST001;Flag=4;' +
        'CP=&&DataTime=20261129120000;a34002-Min=50.1,a34002-Avg=60.25,a34002-Max=71,a34002-Flag=N;' +
        'w00000-Cou=12.5,w00000-ZsAvg=3,w00000-Flag=D&&',
    );
    expect(p.cp.values).toEqual({
      a34002: { Min: 50.1, Avg: 60.25, Max: 71, Flag: 'N' },
      w00000: { Cou: 12.5, Flag: 'D', extra: { ZsAvg: '3' } },
    });
    expect(needsAck(p.flag)).toBe(false);
  });

  it('accepts the HJ/T 212-2005 variant: 14-character MN, no Flag, no QN', () => {
    const data = 'ST=22;CN=2011;PW=123456;MN=88888880000001;CP=&&DataTime=20040516020111;B03-Rtd=55.1;a34002-Rtd=80&&';
    const p = parsed(data);
    expect(p).toEqual({
      st: '22',
      cn: '2011',
      pw: '123456',
      mn: '88888880000001',
      cp: { dataTime: '20040516020111', values: { B03: { Rtd: 55.1 }, a34002: { Rtd: 80 } }, other: {} },
    });
    expect(versionOf(p)).toBe(2005);
    expect(needsAck(p.flag)).toBe(false);
    expect(formatDataSegment(p)).toBe(data);
    // A 2005 answer carries the QN it answers inside its CP.
    expect(
      answeredQn(parsed('ST=91;CN=9014;PW=123456;MN=88888880000001;Flag=0;CP=&&QN=20040516010101001;CN=2011&&')),
    ).toBe('20040516010101001');
  });

  it('reads header keys whatever their case, and PNUM/PNO', () => {
    const p = parsed('qn=1;st=22;cn=2011;pw=1;mn=M;FLAG=7;pnum=3;pno=2;CP=&&&&');
    expect(p).toMatchObject({ qn: '1', flag: 7, pnum: 3, pno: 2, cp: { values: {}, other: {} } });
    expect(isSplit(p.flag)).toBe(true);
  });

  it('refuses what cannot be used, with a reason', () => {
    const bad = (data: string) => {
      const r = parseDataSegment(data);
      return r.ok ? 'ok' : r.reason;
    };
    expect(bad('QN=1;ST=22;CN=2011;PW=1;MN=M')).toBe('no CP=&&');
    expect(bad('ST=22;CN=2011;PW=1;MN=M;CP=&&a=1')).toBe('CP is not closed by && at the end');
    expect(bad('ST=22;CN=2011;PW=1;MN=M;CP=&&a=1&&junk')).toBe('CP is not closed by && at the end');
    expect(bad('ST=22;PW=1;MN=M;CP=&&&&')).toBe('no CN');
    expect(bad('ST=22;CN=2011;PW=1;CP=&&&&')).toBe('no MN');
    expect(bad('ST=22;CN=2011;PW=1;MN=M;Flag=x;CP=&&&&')).toBe('FLAG "x" is not a number');
    expect(bad('ST=22;CN;MN=M;CP=&&&&')).toBe('header item "CN" has no =');
  });

  it('frames a packet that decodes back to itself', () => {
    const p = parsed(EXAMPLE);
    const frame = encodePacket(p);
    expect(frame).toBe(`##0101${EXAMPLE}1C80\r\n`);
    const d = decodeHj212Frame(frame);
    expect(d.ok && parsed(d.data)).toEqual(p);
  });
});

describe('CP', () => {
  it('keeps odd items instead of failing: no =, a value that is not a number', () => {
    expect(parseCp('Alone;a34002-Rtd=abc,a34002-Flag=N;a34004-Rtd=')).toEqual({
      values: { a34002: { Flag: 'N', extra: { Rtd: 'abc' } }, a34004: { extra: { Rtd: '' } } },
      other: { Alone: '' },
    });
  });

  it('stores a code or key named __proto__ as data, never touching a prototype', () => {
    const cp = parseCp('__proto__-Rtd=1,__proto__-polluted=yes;constructor-Rtd=2;__proto__=x;toString-Avg=3');
    expect(Object.getPrototypeOf(cp.values)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).Rtd).toBeUndefined();
    expect(Object.keys(cp.values)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getOwnPropertyDescriptor(cp.values, '__proto__')?.value).toEqual({
      Rtd: 1,
      extra: { polluted: 'yes' },
    });
    expect(Object.getOwnPropertyDescriptor(cp.other, '__proto__')?.value).toBe('x');
    expect(formatCp(cp)).toBe('__proto__=x;__proto__-Rtd=1,__proto__-polluted=yes;constructor-Rtd=2;toString-Avg=3');
  });

  it('writes numbers plainly: no exponent, no float noise', () => {
    expect(formatHjNumber(12)).toBe('12');
    expect(formatHjNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatHjNumber(1e-7)).toBe('0');
    expect(formatHjNumber(0.000123)).toBe('0.000123');
    expect(formatHjNumber(-3.5)).toBe('-3.5');
    expect(() => formatHjNumber(NaN)).toThrow(RangeError);
    expect(formatCp({ dataTime: 'T', other: { X: '1' }, values: { a: { Flag: 'N', Max: 2, Rtd: 1 } } })).toBe(
      'DataTime=T;X=1;a-Rtd=1,a-Max=2,a-Flag=N',
    );
  });
});

describe('flags', () => {
  it('reads the header Flag bits: A (answer), D (split), version', () => {
    expect(needsAck(5)).toBe(true);
    expect(needsAck(4)).toBe(false);
    expect(needsAck(undefined)).toBe(false);
    expect(isSplit(7)).toBe(true);
    expect(isSplit(5)).toBe(false);
    expect(flagVersion(5)).toBe(1);
    expect(flagVersion(1)).toBe(0);
    expect(makeFlag({ ack: true })).toBe(5);
    expect(makeFlag()).toBe(4);
    expect(makeFlag({ ack: true, split: true })).toBe(7);
    expect(makeFlag({ ack: true, version: 2005 })).toBe(1);
    expect(versionOf({ flag: 4, mn: 'short' })).toBe(2017);
    expect(versionOf({ flag: undefined, mn: '010000A8900016F000169DC0' })).toBe(2017);
    expect(versionOf({ flag: 1, mn: '88888880000001' })).toBe(2005);
  });

  it('knows the data flags; only N (or none) is normal', () => {
    expect(Object.keys(DATA_FLAGS)).toEqual(['N', 'F', 'M', 'S', 'D', 'C', 'T', 'B', 'P']);
    expect(isNormal('N')).toBe(true);
    expect(isNormal(undefined)).toBe(true);
    for (const f of ['F', 'M', 'S', 'D', 'C', 'T', 'B', 'P', 'n', 'X']) expect(isNormal(f), f).toBe(false);
    expect(isDataFlag('M')).toBe(true);
    expect(isDataFlag('X')).toBe(false);
    expect(isDataFlag('toString')).toBe(false);
  });
});

describe('times', () => {
  const at = Date.parse('2016-08-01T00:58:57.223Z'); // 08:58:57.223 in China

  it('writes DataTime and QN in UTC+8 unless told another zone', () => {
    expect(formatHjTime(at)).toBe('20160801085857');
    expect(formatQn(at)).toBe('20160801085857223');
    expect(formatHjTime(new Date(at), 0)).toBe('20160801005857');
  });

  it('reads them back, and refuses what is not a date', () => {
    expect(parseHjTime('20160801085857223')?.getTime()).toBe(at);
    expect(parseHjTime('20160801085857')?.getTime()).toBe(at - 223);
    expect(parseHjTime('20160801005857', 0)?.getTime()).toBe(at - 223);
    for (const bad of ['2016080108585', '20160231085857', '20160801245857', 'x0160801085857', ''])
      expect(parseHjTime(bad), bad).toBeNull();
  });
});
