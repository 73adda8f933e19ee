import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '@siteops/contracts/endpoints';
import { createTestApp, injectOfUnchecked, type TestApp } from '../../test/harness.ts';
import { constantApi } from '@siteops/contracts/constant/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** constant.add, a plain endpoint with a body: `query` is added to its URL as it is. */
const addConstant = (token: string, body: object, query = '') =>
  t.call({ ...injectOfUnchecked(constantApi.add, body, token), url: `${constantApi.add.path}${query}` });

type Operation = { operationId?: string; tags?: string[]; responses?: Record<string, unknown>; security?: unknown[] };

describe('declared endpoints', () => {
  it('every declaration has a handler at its method and path', () => {
    const missing = ALL_ENDPOINTS.filter((e) => !t.app.hasRoute({ method: e.method, url: e.path })).map((e) => e.id);
    expect(missing).toEqual([]);
  });

  it('ids are unique, and so are method + path', () => {
    const ids = ALL_ENDPOINTS.map((e) => e.id);
    const routes = ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('each becomes an OpenAPI operation named after it, with its 4xx answers', async () => {
    await t.app.ready();
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    for (const e of ALL_ENDPOINTS) {
      const openApiPath = e.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const op = doc.paths[openApiPath]?.[e.method.toLowerCase()];
      expect(op, e.id).toBeDefined();
      expect(op.operationId).toBe(`${e.module}_${e.operation}`);
      expect(op.tags).toEqual([e.module]);
      const statuses = Object.keys(op.responses ?? {});
      if (e.access !== 'public') expect(statuses, e.id).toContain('401');
      else expect(op.security).toEqual([]);
      if (Array.isArray(e.access)) expect(statuses, e.id).toContain('403');
      for (const status of e.errors ?? []) expect(statuses, e.id).toContain(String(status));
    }
  });

  it('a query string an endpoint does not declare never reaches its handler', async () => {
    const token = await t.login();
    // constant.add declares a body only: neither an id nor a remark may slip in through the URL.
    const res = await addConstant(token, { key: 'query.ignored', value: 'v' }, '?id=987654&remark=from-the-query');
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.id).not.toBe(987654);
    const detail = await t.api(constantApi.detail, { id: res.body.data.id }, token);
    expect(detail.body.data).toMatchObject({ key: 'query.ignored', value: 'v', remark: null });
  });

  it('the declared success message is the envelope msg', async () => {
    const token = await t.login();
    const res = await addConstant(token, { key: 'msg.check', value: 'v' });
    expect(res.body).toMatchObject({ code: 200, msg: 'Save Success', data: { id: expect.any(Number) } });
  });
});
