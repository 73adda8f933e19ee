import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UpgradePackageRow } from '../../db/schema/index.ts';
import { notFoundOf } from '../../core/errors.ts';
import { StorageNotFoundError, type ByteRange, type Storage } from '../../storage/storage.ts';

/**
 * The one range of a `Range: bytes=…` header within `size` bytes; null when there is no usable header
 * (send it all, as RFC 9110 allows for several ranges), 'unsatisfiable' when it starts past the end.
 */
export function byteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const m = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // bytes=-N: the last N bytes.
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/**
 * Send a package file, whole or the one range asked for (an interrupted download resumes where it
 * stopped), with its SHA-256 as the ETag.
 */
export async function sendPackage(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  row: Pick<UpgradePackageRow, 'storageKey' | 'fileName' | 'fileSize' | 'sha256'>,
) {
  const size = row.fileSize;
  const range = byteRange(request.headers.range, size);
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', `"${row.sha256}"`)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.fileName)}`);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  let stream;
  try {
    stream = await storage.get(row.storageKey, range ?? undefined);
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw notFoundOf('Upgrade');
    throw err;
  }
  reply.type('application/octet-stream');
  if (!range) return reply.header('content-length', String(size)).send(stream);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', String(range.end - range.start + 1))
    .send(stream);
}
