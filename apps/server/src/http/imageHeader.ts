/**
 * What an image's header says: its type and size in pixels, read by decoding the header (a JPEG's
 * first frame header, a PNG's IHDR, a WebP's VP8/VP8L/VP8X chunk), never from the file name, the
 * declared type or the first three bytes. Null while `buf` does not hold a whole, sane header: a
 * 3-byte "JPEG" (FF D8 FF) is no image.
 */
export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

export function imageHeader(buf: Buffer): { mime: ImageMime; width: number; height: number } | null {
  const found = pngHeader(buf) ?? jpegHeader(buf) ?? webpHeader(buf);
  return found && found.width > 0 && found.height > 0 ? found : null;
}

/** The most bytes {@link imageHeader} is given to find a header in (a JPEG's EXIF may come first). */
export const IMAGE_HEADER_MAX_BYTES = 512 * 1024;

function pngHeader(buf: Buffer) {
  if (buf.length >= 24 && buf.readUInt32BE(0) === 0x89504e47 && buf.readUInt32BE(4) === 0x0d0a1a0a) {
    if (buf.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { mime: 'image/png' as const, width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  return null;
}

function jpegHeader(buf: Buffer) {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8 || buf[2] !== 0xff) return null;
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    const length = buf.readUInt16BE(i + 2);
    // SOF0-SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { mime: 'image/jpeg' as const, height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}

function webpHeader(buf: Buffer) {
  if (buf.length < 30 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') {
    return null;
  }
  const chunk = buf.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && buf[23] === 0x9d && buf[24] === 0x01 && buf[25] === 0x2a) {
    return { mime: 'image/webp' as const, width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && buf[20] === 0x2f) {
    const bits = buf.readUInt32LE(21);
    return { mime: 'image/webp' as const, width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { mime: 'image/webp' as const, width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
  }
  return null;
}
