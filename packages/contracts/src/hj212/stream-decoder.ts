import { hj212CrcText } from './crc.ts';
import { HJ212_HEADER_BYTES, HJ212_MAX_DATA_BYTES, HJ212_TRAILER_BYTES } from './frame.ts';

/**
 * Why a run of bytes was not a frame:
 * - `garbage`: bytes before a `##` (one count per run, however many bytes and reads it spans);
 * - `badLength`: the length field is not 4 digits, or CR LF is not where it says the frame ends;
 * - `oversize`: the length is over the standard's 1024 bytes (never buffered, so a peer cannot make
 *   the decoder hold more than one maximal frame);
 * - `badCrc`: the frame is well formed but its CRC does not match its data segment.
 */
export const HJ212_FRAME_ERRORS = ['garbage', 'badLength', 'oversize', 'badCrc'] as const;
export type Hj212FrameErrorKind = (typeof HJ212_FRAME_ERRORS)[number];

export type Hj212StreamItem =
  | { ok: true; /** The data segment, CRC checked. */ data: string }
  | { ok: false; error: Hj212FrameErrorKind; detail: string };

const HASH = 0x23;
const CR = 0x0d;
const LF = 0x0a;
/** Between frames, line ends and padding are tolerated silently: many units send a stray CR LF or NUL. */
const isFiller = (b: number) => b === CR || b === LF || b === 0x20 || b === 0x09 || b === 0x00;
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;

const utf8 = new TextDecoder('utf-8');

/**
 * Cuts HJ 212 frames out of a TCP byte stream. A TCP read may hold half a frame or three, so input is
 * buffered until a frame is whole; a broken frame never throws: it is reported as an item, counted in
 * `errors`, and decoding goes on at the next `##` (a unit's bad frame must not cost the link).
 */
export class Hj212StreamDecoder {
  /** Bad frames seen so far, by kind. */
  readonly errors: Record<Hj212FrameErrorKind, number> = { garbage: 0, badLength: 0, oversize: 0, badCrc: 0 };
  /** Good frames seen so far. */
  frames = 0;
  #buf: Uint8Array = new Uint8Array(0);
  /** Inside a run of bytes already reported (garbage, or the rest of a bad frame): don't report it again. */
  #skipping = false;

  /** Bytes held for a frame not yet whole. */
  get buffered(): number {
    return this.#buf.length;
  }

  /** Feed one read; answers the frames and errors it completed, in stream order. */
  push(chunk: Uint8Array | string): Hj212StreamItem[] {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    const buf = this.#buf.length === 0 ? bytes : concat(this.#buf, bytes);
    const out: Hj212StreamItem[] = [];
    let i = 0;
    while (i < buf.length) {
      const start = findHeader(buf, i);
      // A last lone '#' may be the first half of the next header.
      const end = start >= 0 ? start : buf[buf.length - 1] === HASH ? buf.length - 1 : buf.length;
      this.#skip(buf, i, end, out);
      i = end;
      if (start < 0) break;
      if (buf.length - i < HJ212_HEADER_BYTES) break;
      if (buf[i + 2] === HASH) {
        // '###': the first '#' is noise, the header may start at the next one.
        this.#skip(buf, i, i + 1, out);
        i += 1;
        continue;
      }
      const digits = buf.subarray(i + 2, i + HJ212_HEADER_BYTES);
      if (!digits.every(isDigit)) {
        i = this.#bad(out, 'badLength', `length field "${text(digits)}" is not 4 digits`, i + 2);
        continue;
      }
      const n = Number(text(digits));
      if (n > HJ212_MAX_DATA_BYTES) {
        i = this.#bad(out, 'oversize', `data segment of ${n} bytes is over ${HJ212_MAX_DATA_BYTES}`, i + 2);
        continue;
      }
      const total = HJ212_HEADER_BYTES + n + HJ212_TRAILER_BYTES;
      // The data segment and CRC never hold CR: one before the frame's end means the length is wrong,
      // known at once rather than after waiting for bytes that belong to the next frame.
      const cr = buf.indexOf(CR, i + HJ212_HEADER_BYTES);
      if (cr >= 0 && cr < i + total - 2) {
        i = this.#bad(out, 'badLength', `length ${n} does not end at CR LF`, i + 2);
        continue;
      }
      if (buf.length - i < total) break;
      if (buf[i + total - 2] !== CR || buf[i + total - 1] !== LF) {
        i = this.#bad(out, 'badLength', `length ${n} does not end at CR LF`, i + 2);
        continue;
      }
      const data = buf.subarray(i + HJ212_HEADER_BYTES, i + HJ212_HEADER_BYTES + n);
      const crc = text(buf.subarray(i + HJ212_HEADER_BYTES + n, i + total - 2)).toUpperCase();
      const want = hj212CrcText(data);
      if (crc !== want) {
        i = this.#bad(out, 'badCrc', `CRC ${crc}, computed ${want}`, i + total);
        continue;
      }
      this.#skipping = false;
      this.frames++;
      out.push({ ok: true, data: utf8.decode(data) });
      i += total;
    }
    this.#buf = buf.slice(i);
    return out;
  }

  /** Drop bytes [from, to): filler is silent; anything else is one `garbage` per run. */
  #skip(buf: Uint8Array, from: number, to: number, out: Hj212StreamItem[]) {
    if (from >= to) return;
    let junk = 0;
    for (let k = from; k < to; k++) if (!isFiller(buf[k])) junk++;
    if (junk === 0) return;
    if (!this.#skipping) {
      this.errors.garbage++;
      out.push({ ok: false, error: 'garbage', detail: `${junk} bytes before ##` });
    }
    this.#skipping = true;
  }

  /** Report a bad frame and answer where to look for the next `##`. */
  #bad(out: Hj212StreamItem[], error: Hj212FrameErrorKind, detail: string, resumeAt: number): number {
    this.errors[error]++;
    out.push({ ok: false, error, detail });
    this.#skipping = true;
    return resumeAt;
  }
}

/**
 * One whole frame (as a test or a log line has it): its data segment, or why it is not exactly one
 * good frame (a frame cut short is `badLength`).
 */
export function decodeHj212Frame(frame: Uint8Array | string): Hj212StreamItem {
  const decoder = new Hj212StreamDecoder();
  const items = decoder.push(frame);
  if (items.length === 1 && decoder.buffered === 0) return items[0];
  return items.find((it) => !it.ok) ?? { ok: false, error: 'badLength', detail: 'not exactly one whole frame' };
}

function findHeader(buf: Uint8Array, from: number): number {
  for (let k = buf.indexOf(HASH, from); k >= 0 && k + 1 < buf.length; k = buf.indexOf(HASH, k + 1)) {
    if (buf[k + 1] === HASH) return k;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function text(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}
