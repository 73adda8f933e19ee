import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX, defineEndpoints } from '@siteops/contracts/shared/endpoint';
import type { ModuleContext } from '../ports/context.ts';
import { sendAttachment } from './attachment.ts';
import { route } from './endpoint.ts';
import { installEnvelope } from './envelope.ts';
import { badRequest, fieldError } from '../core/errors.ts';
import { t } from '../core/messages/index.ts';
import { injectOf } from '../../test/harness.ts';

// Public endpoints: what is under test is how route() answers, not the guard (endpoint.test.ts has it).
// The test's own declarations, under the prefix every declared path starts with.
const api = defineEndpoints('kinds', {
  key: {
    method: 'GET',
    path: `${API_PREFIX}/kinds/key`,
    access: 'public',
    summary: 'JSON, or the file itself with ?download=1',
    query: z.object({ download: z.enum(['0', '1']).optional() }),
    answer: z.object({ pem: z.string() }),
  },
  count: {
    method: 'POST',
    path: `${API_PREFIX}/kinds/count`,
    access: 'public',
    summary: 'A message that depends on the outcome',
    body: z.object({ n: z.number() }),
    answer: z.object({ n: z.number() }),
    message: 'Counted',
  },
  sheet: {
    method: 'GET',
    path: `${API_PREFIX}/kinds/sheet`,
    access: 'public',
    summary: 'A streamed download',
    query: z.object({ rows: z.coerce.number().int().min(0) }),
    kind: 'download',
  },
  upload: {
    method: 'POST',
    path: `${API_PREFIX}/kinds/upload`,
    access: 'public',
    summary: 'A multipart upload',
    answer: z.object({ name: z.string(), bytes: z.number() }),
    kind: 'upload',
  },
});

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installEnvelope(app);
  await app.register(multipart, { limits: { files: 1 } });
  const ctx = {} as ModuleContext;

  route(app, ctx, api.key, async (c, { download }) =>
    download === '1'
      ? sendAttachment(c.reply, 'PEM', { type: 'application/x-pem-file', fileName: 'key.pem' })
      : { pem: 'PEM' },
  );
  route(app, ctx, api.count, async (c, { n }) => {
    if (n === 0) c.setMessage('Nothing to count');
    return { n };
  });
  route(app, ctx, api.sheet, async (c, { rows }) => {
    if (rows > 3) throw fieldError('rows', t('field.atMost', { max: 3, field: 'rows' }));
    const lines = Array.from({ length: rows }, (_, i) => `row ${i + 1}\n`);
    return sendAttachment(c.reply, Readable.from(lines), {
      type: 'text/plain',
      fileName: 'Zeilen-ä.txt',
      asciiName: 'rows.txt',
      noStore: true,
    });
  });
  route(app, ctx, api.upload, async (c) => {
    const file = await c.request.file();
    if (!file) throw badRequest(t('file.missing'));
    return { name: file.filename, bytes: (await file.toBuffer()).length };
  });
  await app.ready();
});
afterAll(() => app.close());

describe('route() kinds', () => {
  it('a JSON endpoint answers the envelope, or the file its handler sent itself', async () => {
    const json = await app.inject(injectOf(api.key, {}));
    expect(json.json()).toEqual({ code: 200, msg: 'success', data: { pem: 'PEM' } });

    const file = await app.inject(injectOf(api.key, { download: '1' }));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/x-pem-file');
    expect(file.headers['content-disposition']).toBe('attachment; filename="key.pem"');
    expect(file.body).toBe('PEM');
  });

  it('the handler can replace the declared success message', async () => {
    const some = await app.inject(injectOf(api.count, { n: 2 }));
    expect(some.json()).toMatchObject({ msg: 'Counted', data: { n: 2 } });
    const none = await app.inject(injectOf(api.count, { n: 0 }));
    expect(none.json()).toMatchObject({ msg: 'Nothing to count', data: { n: 0 } });
  });

  it('a download streams its file; a refusal before it starts is still an envelope', async () => {
    const res = await app.inject(injectOf(api.sheet, { rows: 3 }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('row 1\nrow 2\nrow 3\n');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="rows.txt"; filename*=UTF-8''${encodeURIComponent('Zeilen-ä.txt')}`,
    );

    const refused = await app.inject(injectOf(api.sheet, { rows: 9 }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 40000, data: { fields: { rows: 'at most 3 rows' } } });
  });

  it('an upload reads its multipart body itself', async () => {
    const boundary = '----kinds';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const res = await app.inject({
      ...injectOf(api.upload, {}),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.json()).toMatchObject({ code: 200, data: { name: 'a.txt', bytes: 5 } });
  });
});
