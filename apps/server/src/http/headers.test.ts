import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, HEALTH_URL, injectOf, OPENAPI_URL, undeclaredUrl, type TestApp } from '../../test/harness.ts';
import { userApi } from '@siteops/contracts/user/api';

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
      t.app.inject({ method: 'GET', url: HEALTH_URL }),
      t.app.inject(injectOf(userApi.listAll, { page: 1, pageSize: 10 }, token)),
      t.app.inject(injectOf(userApi.login, { username: '', password: '' })),
      t.app.inject(injectOf(userApi.login, { username: 'admin', password: 'Wrong@123' })),
      // No body at all, as before the declarations: the guard answers first.
      t.app.inject({ ...injectOf(userApi.info, {}), payload: undefined }),
      t.app.inject({ method: 'GET', url: undeclaredUrl('nothing/here') }),
      t.app.inject({ method: 'GET', url: OPENAPI_URL }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 400, 401, 401, 404, 200]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('request ids', () => {
  it('are made by the server: a client-sent X-Request-Id is ignored by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: HEALTH_URL, headers: { 'x-request-id': 'forged-id' } });
    expect(res.headers['x-request-id']).not.toBe('forged-id');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('come from the header a trusted proxy sets when REQUEST_ID_HEADER names it', async () => {
    const res = await proxied.app.inject({
      method: 'GET',
      url: HEALTH_URL,
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(res.headers['x-request-id']).toBe('lb-1234.abc');
  });

  it('are generated when the proxy header is missing or not a plausible id', async () => {
    for (const given of [undefined, 'a b', 'x'.repeat(200), 'line\\nbreak']) {
      const res = await proxied.app.inject({
        method: 'GET',
        url: HEALTH_URL,
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
