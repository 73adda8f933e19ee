import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What a proxy-given request id may look like: short, no spaces or control characters (it reaches logs). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Request ids are ours unless the operator names the header a trusted proxy sets (REQUEST_ID_HEADER):
 * a client-chosen id would let anyone forge or collide log correlation.
 */
export function requestIdOf(header: string | undefined) {
  return (req: IncomingMessage) => {
    const given = header ? req.headers[header] : undefined;
    return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  };
}

/**
 * Every /api answer is `no-store`: they carry personal data and session-bound state that must not sit in
 * a browser's disk cache or a shared proxy (site PCs are shared). A handler's own `no-store` / `no-cache`
 * (the live event stream's `no-cache, no-transform`) is kept; anything cacheable is replaced. The
 * console's static files (hashed assets cached for good) are outside /api and untouched.
 */
export function installApiHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    const current = reply.getHeader('cache-control');
    if (typeof current === 'string' && /\bno-(store|cache)\b/.test(current)) return;
    reply.header('cache-control', 'no-store');
  });
}
