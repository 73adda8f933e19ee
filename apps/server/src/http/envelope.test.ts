import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, HEALTH_URL, OPENAPI_URL, rawBody, undeclaredUrl, type TestApp } from '../../test/harness.ts';
import { userApi } from '@siteops/contracts/user/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => t.close());

describe('every answer is an envelope, never a 500 for bad input', () => {
  it('malformed JSON is 400/40000', async () => {
    const res = await t.call({
      method: 'POST',
      url: userApi.login.path,
      ...rawBody('application/json', '{"username": "admin"'),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 40000, msg: 'Malformed JSON body', data: null });
  });

  it('wrong types are 400 with per-field messages', async () => {
    const res = await t.api.unchecked(userApi.login, { username: 42, password: ['x'] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['password', 'username']);
  });

  it('an oversized body is 413/41300', async () => {
    const res = await t.api(userApi.login, { username: 'admin', password: 'x'.repeat(4096) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(41300);
  });

  it('an unknown API path is 404/40400', async () => {
    const res = await t.call({ method: 'GET', url: undeclaredUrl('nothing/here') });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(40400);
  });

  it('a body that is not JSON at all is a 4xx envelope', async () => {
    const res = await t.call({ method: 'POST', url: userApi.login.path, ...rawBody('text/plain', 'username=admin') });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.code).toBe('number');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers carry a request id and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: HEALTH_URL });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A console on http://<site LAN address> must not have its assets upgraded to https.
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_URL });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths[userApi.login.path].post.requestBody).toBeDefined();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([userApi.updatePasswd.path, userApi.menu.path]));
  });
});
