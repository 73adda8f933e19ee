import { describe, expect, it } from 'vitest';
import { TELEMETRY_FIELDS } from '../device-protocol.ts';
import { parseCp } from './cp.ts';
import { HJ212_CODES, codeInfo, fieldOfCode } from './pollutant-codes.ts';
import { toDustReading } from './telemetry.ts';

const dustKeys = TELEMETRY_FIELDS.dust.map((f) => f.key);

describe('codes onto the dust telemetry', () => {
  it('every dust telemetry field is filled by some code', () => {
    const filled = new Set(HJ212_CODES.map((c) => fieldOfCode(c.code)));
    for (const key of dustKeys) expect(filled.has(key), key).toBe(true);
  });

  it('aliases point at real dust fields, and units agree with the telemetry', () => {
    for (const c of HJ212_CODES) {
      if (c.field !== undefined) expect(dustKeys, c.code).toContain(c.field);
      const field = TELEMETRY_FIELDS.dust.find((f) => f.key === fieldOfCode(c.code));
      if (field) expect(c.unit, c.code).toBe(field.unit);
    }
  });

  it('knows the codes whatever their case; unknown codes keep their name', () => {
    expect(codeInfo('a34004')?.name).toBe('PM2.5');
    expect(fieldOfCode('La')).toBe('LA');
    expect(fieldOfCode('LEQ')).toBe('LA');
    expect(fieldOfCode('a34005')).toBe('a34005');
    expect(fieldOfCode('w01018')).toBe('w01018');
  });

  it('a real-time upload as telemetry, with the flags of its values', () => {
    const cp = parseCp(
      'DataTime=20261129120000;a34004-Rtd=35.2,a34004-Flag=N;a34002-Rtd=61.8,a34002-Flag=M;LA-Rtd=62.4;' +
        'a01006-Rtd=101.3;a34005-Rtd=20;x99999-Rtd=1',
    );
    expect(toDustReading(cp)).toEqual({
      data: { a34004: 35.2, a34002: 61.8, LA: 62.4, a01006: 101.3, a34005: 20, x99999: 1 },
      flags: { a34004: 'N', a34002: 'M' },
    });
  });

  it('a code named like an Object property is just a field', () => {
    const r = toDustReading(parseCp('__proto__-Rtd=1,__proto__-Flag=D;constructor-Rtd=2'));
    expect(Object.getPrototypeOf(r.data)).toBe(Object.prototype);
    expect(Object.entries(r.data)).toEqual([
      ['__proto__', 1],
      ['constructor', 2],
    ]);
    expect(Object.entries(r.flags)).toEqual([['__proto__', 'D']]);
  });

  it('LA wins over Leq whichever comes first; Leq alone fills LA', () => {
    expect(toDustReading(parseCp('Leq-Rtd=70;LA-Rtd=60')).data).toEqual({ LA: 60 });
    expect(toDustReading(parseCp('Leq-Rtd=70,Leq-Flag=N')).data).toEqual({ LA: 70 });
    expect(toDustReading(parseCp('B03-Rtd=55')).data).toEqual({ LA: 55 });
  });

  it('period data gives Avg, with Data standing in for noise', () => {
    const cp = parseCp('a34002-Min=1,a34002-Avg=2,a34002-Max=3;LA-Data=58.1,LMx-Data=71');
    expect(toDustReading(cp, 'Avg').data).toEqual({ a34002: 2, LA: 58.1, LMx: 71 });
    expect(toDustReading(cp, 'Max').data).toEqual({ a34002: 3 });
    expect(toDustReading(cp).data).toEqual({});
  });
});
