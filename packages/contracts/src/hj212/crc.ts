/**
 * The CRC of HJ 212-2017 appendix A: CRC-16 with the reflected polynomial 0xA001 over the data
 * segment's bytes, started at 0xFFFF. Not the textbook CRC-16/MODBUS: each byte is XORed into the
 * register's *shifted-down* high byte (`crc >> 8`), which is what the standard's C listing does and
 * what every field unit computes, so it is kept exactly as printed.
 */
export function hj212Crc(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc = (crc >> 8) ^ byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >> 1) ^ 0xa001 : crc >> 1;
  }
  return crc;
}

/** The CRC as it is written on the wire: 4 uppercase hex digits. */
export function hj212CrcText(bytes: Uint8Array): string {
  return hj212Crc(bytes).toString(16).toUpperCase().padStart(4, '0');
}
