import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite puts every hashed (content-addressed) file under assets/: a new build gives them new names. */
const ASSETS_DIR = '/assets/';
const FOREVER = 'public, max-age=31536000, immutable';
/** The build's compressed variants; only reached through content negotiation, never by their own name. */
const COMPRESSED = /\.(br|gz)$/;

/**
 * The built console. The build writes `.br` and `.gz` beside each text asset; the best one the browser
 * accepts is sent (Vary: Accept-Encoding). Hashed assets are cached for good, everything else (index.html
 * above all, which names the current hashes) is revalidated on every load. Unknown paths outside /api and
 * /assets get the SPA, whose router shows its own not-found page.
 */
export async function serveConsole(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, file) => {
      const hashed = file.startsWith(path.join(root, ASSETS_DIR));
      reply.header('cache-control', hashed ? FOREVER : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(request.url.split('?')[0]);
    } catch {
      urlPath = request.url.split('?')[0]; // a malformed escape is just an unknown page
    }
    if (urlPath.startsWith('/api/')) return reply.callNotFound();
    // Files added after start-up (no route of their own yet), never outside the root.
    const file = path.join(root, path.normalize(urlPath));
    const servable = file.startsWith(root + path.sep) && !COMPRESSED.test(file);
    if (servable && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(root, file));
    }
    // A missing asset (a stale hash after a deploy) is a 404, not the SPA's HTML under a script's name.
    if (urlPath.startsWith(ASSETS_DIR)) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
