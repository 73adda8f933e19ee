import type { FastifyReply } from 'fastify';

/** `attachment` naming the file; a non-ASCII name travels as `filename*` beside an ASCII fallback (RFC 6266). */
export function attachment(fileName: string, asciiFallback = fileName) {
  const plain = `attachment; filename="${asciiFallback}"`;
  return fileName === asciiFallback && /^[\x20-\x7e]*$/.test(fileName)
    ? plain
    : `${plain}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Answer a file instead of the envelope (a download endpoint, or a JSON endpoint's `?download=1`);
 * the handler returns what this returns. `noStore` for what must not linger in caches (licences).
 */
export function sendAttachment(
  reply: FastifyReply,
  body: string | Buffer | NodeJS.ReadableStream,
  file: { type: string; fileName: string; asciiName?: string; noStore?: boolean },
): FastifyReply {
  reply.type(file.type).header('content-disposition', attachment(file.fileName, file.asciiName));
  if (file.noStore) reply.header('cache-control', 'no-store');
  return reply.send(body);
}
