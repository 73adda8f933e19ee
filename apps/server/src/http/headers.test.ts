import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ REQUEST_ID_HEADER: 'X-Request-Id' });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

describe('API answers are never stored by a cache', () => {
  it('success, 400, 401, 404 and the OpenAPI document all say no-store', async () => {
    const token = await t.login();
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({
        method: 'GET',
        url: '/api/user/listAll?page=1&pageSize=10',
        headers: { authorization: `Bearer ${token}` },
      }),
      t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: '', password: '' } }),
      t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: 'Wrong@123' } }),
      t.app.inject({ method: 'POST', url: '/api/user/info' }),
      t.app.inject({ method: 'GET', url: '/api/nothing/here' }),
      t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 400, 401, 401, 404, 200]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('request ids', () => {
  it('are made by the server: a client-sent X-Request-Id is ignored by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'forged-id' } });
    expect(res.headers['x-request-id']).not.toBe('forged-id');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('come from the header a trusted proxy sets when REQUEST_ID_HEADER names it', async () => {
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(res.headers['x-request-id']).toBe('lb-1234.abc');
  });

  it('are generated when the proxy header is missing or not a plausible id', async () => {
    for (const given of [undefined, 'a b', 'x'.repeat(200), 'line\\nbreak']) {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
