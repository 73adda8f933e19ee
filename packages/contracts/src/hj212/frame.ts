import { hj212CrcText } from './crc.ts';

// ---------------------------------------------------------------------------------------------------
// Framing: `##` + data-segment length (4 decimal digits) + data segment + CRC (4 hex digits) + CR LF

/** The standard caps the data segment at 1024 bytes; longer content is sent as split packets (PNUM/PNO). */
export const HJ212_MAX_DATA_BYTES = 1024;
/** `##` + 4 length digits. */
export const HJ212_HEADER_BYTES = 6;
/** 4 CRC digits + CR LF. */
export const HJ212_TRAILER_BYTES = 6;

const utf8 = new TextEncoder();

/** The bytes of a data segment as counted by the length field and the CRC. */
export function dataBytes(data: string): Uint8Array {
  return utf8.encode(data);
}

/**
 * A whole frame around a data segment. Throws on a segment over the standard's 1024 bytes: that is
 * a caller's bug (split it with `encodePacketFrames`), not something a peer should ever receive.
 */
export function encodeHj212Frame(data: string): string {
  const bytes = dataBytes(data);
  if (bytes.length > HJ212_MAX_DATA_BYTES) {
    throw new RangeError(`HJ 212 data segment of ${bytes.length} bytes is over ${HJ212_MAX_DATA_BYTES}`);
  }
  return `##${String(bytes.length).padStart(4, '0')}${data}${hj212CrcText(bytes)}\r\n`;
}
