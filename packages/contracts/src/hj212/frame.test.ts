import { describe, expect, it } from 'vitest';
import { hj212Crc, hj212CrcText } from './crc.ts';
import { HJ212_MAX_DATA_BYTES, dataBytes, encodeHj212Frame } from './frame.ts';
import { Hj212StreamDecoder, decodeHj212Frame } from './stream-decoder.ts';

/** HJ 212-2017's own example (section 6.6 / appendix A): a 1062 set-interval request. */
const EXAMPLE = 'QN=20160801085857223;ST=32;CN=1062;PW=100000;MN=010000A8900016F000169DC0;Flag=5;CP=&&RtdInterval=30&&';
const EXAMPLE_FRAME = `##0101${EXAMPLE}1C80\r\n`;

const frameOf = (data: string) => encodeHj212Frame(data);
const ok = (data: string) => ({ ok: true, data });

describe('CRC and framing', () => {
  it("reproduces the standard's example: length 0101, CRC 1C80", () => {
    expect(dataBytes(EXAMPLE).length).toBe(101);
    expect(hj212Crc(dataBytes(EXAMPLE))).toBe(0x1c80);
    expect(hj212CrcText(dataBytes(EXAMPLE))).toBe('1C80');
    expect(encodeHj212Frame(EXAMPLE)).toBe(EXAMPLE_FRAME);
  });

  it('writes the CRC as 4 uppercase hex digits, zero padded', () => {
    for (let n = 0; n < 200; n++) {
      const crc = hj212CrcText(dataBytes(`QN=${n};CP=&&&&`));
      expect(crc).toMatch(/^[0-9A-F]{4}$/);
    }
    expect(hj212CrcText(new Uint8Array(0))).toBe('FFFF');
  });

  it('refuses to build a frame over 1024 data bytes', () => {
    expect(() => encodeHj212Frame('x'.repeat(HJ212_MAX_DATA_BYTES))).not.toThrow();
    expect(() => encodeHj212Frame('x'.repeat(HJ212_MAX_DATA_BYTES + 1))).toThrow(RangeError);
  });

  it('decodes one whole frame, and accepts a lowercase CRC', () => {
    expect(decodeHj212Frame(EXAMPLE_FRAME)).toEqual(ok(EXAMPLE));
    expect(decodeHj212Frame(`##0101${EXAMPLE}1c80\r\n`)).toEqual(ok(EXAMPLE));
    expect(decodeHj212Frame(EXAMPLE_FRAME.slice(0, -1))).toMatchObject({ ok: false, error: 'badLength' });
  });
});

describe('stream decoder', () => {
  const A = frameOf('QN=1;ST=22;CN=2011;PW=123456;MN=A;Flag=4;CP=&&DataTime=20260101000000;a34004-Rtd=1&&');
  const B = frameOf('QN=2;ST=22;CN=2011;PW=123456;MN=A;Flag=4;CP=&&DataTime=20260101000030;a34004-Rtd=2&&');
  const dataOf = (frame: string) => frame.slice(6, -6);

  it('yields every frame of a read holding several', () => {
    const d = new Hj212StreamDecoder();
    expect(d.push(A + B + EXAMPLE_FRAME)).toEqual([ok(dataOf(A)), ok(dataOf(B)), ok(EXAMPLE)]);
    expect(d.frames).toBe(3);
    expect(d.buffered).toBe(0);
  });

  it('joins a frame split across TCP reads at every possible cut, bytes in and out', () => {
    const whole = new TextEncoder().encode(A + B);
    for (let cut = 1; cut < whole.length; cut++) {
      const d = new Hj212StreamDecoder();
      const items = [...d.push(whole.subarray(0, cut)), ...d.push(whole.subarray(cut))];
      expect(items, `cut at ${cut}`).toEqual([ok(dataOf(A)), ok(dataOf(B))]);
      expect(Object.values(d.errors).every((n) => n === 0)).toBe(true);
    }
  });

  it('survives a read of one byte at a time', () => {
    const d = new Hj212StreamDecoder();
    const items = [...(A + EXAMPLE_FRAME)].flatMap((ch) => d.push(ch));
    expect(items).toEqual([ok(dataOf(A)), ok(EXAMPLE)]);
  });

  it('reports a bad CRC, drops that frame, and goes on', () => {
    const d = new Hj212StreamDecoder();
    const broken = EXAMPLE_FRAME.replace('1C80', '1C81');
    const items = d.push(broken + A);
    expect(items).toEqual([{ ok: false, error: 'badCrc', detail: 'CRC 1C81, computed 1C80' }, ok(dataOf(A))]);
    expect(d.errors.badCrc).toBe(1);
    // A changed byte in the data segment is caught the same way.
    expect(d.push(EXAMPLE_FRAME.replace('RtdInterval=30', 'RtdInterval=31'))).toMatchObject([
      { ok: false, error: 'badCrc' },
    ]);
  });

  it('reports a length that is too short, too long or not digits, and resynchronises at the next ##', () => {
    const d = new Hj212StreamDecoder();
    const short = EXAMPLE_FRAME.replace('##0101', '##0099');
    const long = EXAMPLE_FRAME.replace('##0101', '##0150');
    const letters = EXAMPLE_FRAME.replace('##0101', '##01x1');
    const items = d.push(short + A + long + B + letters + A);
    expect(items.map((it) => (it.ok ? it.data : it.error))).toEqual([
      'badLength',
      dataOf(A),
      'badLength',
      dataOf(B),
      'badLength',
      dataOf(A),
    ]);
    expect(d.errors).toEqual({ garbage: 0, badLength: 3, oversize: 0, badCrc: 0 });
  });

  it('does not wait for bytes of the next frame when a too long length hits CR LF early', () => {
    const d = new Hj212StreamDecoder();
    expect(d.push(EXAMPLE_FRAME.replace('##0101', '##0900'))).toMatchObject([{ ok: false, error: 'badLength' }]);
    expect(d.buffered).toBe(0);
  });

  it('reports an oversize length without buffering it', () => {
    const d = new Hj212StreamDecoder();
    const items = d.push(`##9999${'x'.repeat(3000)}`);
    expect(items).toMatchObject([{ ok: false, error: 'oversize' }]);
    expect(d.buffered).toBe(0);
    expect(d.push(A)).toEqual([ok(dataOf(A))]);
    expect(d.errors).toEqual({ garbage: 0, badLength: 0, oversize: 1, badCrc: 0 });
  });

  it('counts garbage before ## once per run, even across reads, and tolerates stray CR LF', () => {
    const d = new Hj212StreamDecoder();
    const items = [...d.push('AT+OK\r\nnoise'), ...d.push('more noise#'), ...d.push(`#${A.slice(1)}\r\n\r\n`)];
    expect(items).toEqual([{ ok: false, error: 'garbage', detail: '10 bytes before ##' }, ok(dataOf(A))]);
    expect(d.push(`xyz${B}`)).toEqual([{ ok: false, error: 'garbage', detail: '3 bytes before ##' }, ok(dataOf(B))]);
    expect(d.errors.garbage).toBe(2);
    expect(d.push('#' + A)).toMatchObject([{ ok: false, error: 'garbage' }, ok(dataOf(A))]);
  });

  it('holds at most one maximal frame', () => {
    const d = new Hj212StreamDecoder();
    const big = frameOf('x'.repeat(HJ212_MAX_DATA_BYTES));
    expect(d.push(big.slice(0, -1))).toEqual([]);
    expect(d.buffered).toBe(big.length - 1);
    expect(d.push(big.slice(-1))).toEqual([ok('x'.repeat(HJ212_MAX_DATA_BYTES))]);
  });
});
