import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** Why an archive cannot be read: not a zip we understand, or it unpacks to more than allowed. */
export class ZipError extends Error {
  constructor(readonly reason: 'notZip' | 'tooLarge') {
    super(reason);
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** Offset of the entry's local header. */
  offset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * The entries of a zip held in memory, from its central directory. Random access lets a reader take
 * the shared strings before the sheet whatever order the producer wrote them in (Excel writes the
 * sheets first), without parking anything on disk.
 */
export function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError('notZip');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) throw new ZipError('notZip');
    const flags = buf.readUInt16LE(at + 8);
    const nameLength = buf.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      offset: buf.readUInt32LE(at + 42),
    };
    // Encrypted entries, and ZIP64 (never needed under the upload limit), are not spreadsheets we take.
    if (flags & 1 || entry.compressedSize === 0xffffffff || entry.offset === 0xffffffff) throw new ZipError('notZip');
    entries.set(entry.name, entry);
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return entries;
}

/** Compressed bytes fed to zlib per write: bounds what one write can unpack (deflate expands ~1,000x at most). */
const INPUT_SLICE = 4096;

function* slices(data: Buffer) {
  for (let i = 0; i < data.length; i += INPUT_SLICE) yield data.subarray(i, i + INPUT_SLICE);
}

/**
 * An entry's content in chunks, unpacked in zlib's thread pool a slice at a time, so the event loop
 * stays free and a reader that stops early (breaks out) stops the unpacking too. Throws
 * `ZipError('tooLarge')` past `maxBytes` of content: a small upload may unpack to gigabytes.
 */
export async function* unpack(buf: Buffer, entry: ZipEntry, maxBytes: number): AsyncGenerator<Buffer> {
  const at = entry.offset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw new ZipError('notZip');
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const data = buf.subarray(start, start + entry.compressedSize);
  if (entry.method !== 0 && entry.method !== 8) throw new ZipError('notZip');
  const source = Readable.from(slices(data));
  const chunks: Readable = entry.method === 0 ? source : source.pipe(zlib.createInflateRaw());
  let total = 0;
  try {
    for await (const chunk of chunks as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) throw new ZipError('tooLarge');
      yield chunk;
    }
  } catch (err) {
    if (err instanceof ZipError) throw err;
    throw new ZipError('notZip');
  } finally {
    source.destroy();
    chunks.destroy();
  }
}
