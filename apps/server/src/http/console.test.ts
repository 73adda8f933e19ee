import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undeclaredUrl } from '../../test/apiUrls.ts';
import { serveConsole } from './console.ts';

const SCRIPT = `console.log(${JSON.stringify('siteops '.repeat(200))});`;
const INDEX = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(20)}</body></html>`;

let dir: string;
let app: FastifyInstance;

/** A built console as Vite + the precompress plugin leave it, beside a file that must never be served. */
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-console-'));
  const root = path.join(dir, 'dist');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  const write = (name: string, body: string) => {
    fs.writeFileSync(path.join(root, name), body);
    fs.writeFileSync(path.join(root, `${name}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(root, `${name}.gz`), zlib.gzipSync(body));
  };
  write('index.html', INDEX);
  write('assets/index-AbC123.js', SCRIPT);
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside the root');
  app = Fastify();
  await serveConsole(app, root);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the console is served pre-compressed', () => {
  it('sends brotli to a browser that accepts it', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when only gzip is accepted', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is when no compression is accepted', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-AbC123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(SCRIPT);
    }
  });
});

describe('cache headers', () => {
  it('hashed assets are cached for a year and never revalidated', async () => {
    const res = await get('/assets/index-AbC123.js', 'br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html is revalidated on every load, compressed or not', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      for (const url of ['/', '/index.html']) {
        const res = await get(url, accept);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    }
  });
});

describe('single-page fallback', () => {
  it('a console route gets index.html (compressed when accepted), so a reload or shared link works', async () => {
    const res = await get('/device/list?page=2', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    expect((await get('/login')).body).toBe(INDEX);
  });

  it('an unknown API path or a missing asset is a 404, not the HTML page', async () => {
    for (const url of [undeclaredUrl('nothing'), '/assets/index-Old999.js']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('never serves a file outside the root, however the path is spelled', async () => {
    for (const url of ['/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const res = await get(url);
      expect(res.statusCode).not.toBe(500);
      expect(res.body).not.toContain('outside the root');
    }
    const malformed = await get('/%E0%A4%A');
    expect(malformed.statusCode).toBeLessThan(500);
  });

  it('the compressed variants have no URL of their own', async () => {
    const res = await get('/assets/index-AbC123.js.br');
    expect(res.statusCode).toBe(404);
  });
});
