import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, undeclaredUrl, type TestApp } from './harness.ts';
import {
  ABSENT_ID,
  bodyMutations,
  encodeParam,
  paramMutations,
  queryString,
  sample,
  show,
  typeOf,
  unwrap,
  WRONG_TYPES,
  type Schema,
} from './fuzz-inputs.ts';
import { userApi } from '@siteops/contracts/user/api';

/**
 * Bad input is a 400, always. Reads the app's own OpenAPI document and sends, to every operation
 * with an input, each hostile value in place of each field (one at a time, the rest plausible), as
 * an admin and anonymously. Any 5xx, a hang, or a failure that is not an envelope fails the test,
 * listing the endpoint and payload.
 */

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
/** Ends the admin's session: sent anonymously only. */
const ADMIN_SKIP = new Set([`${userApi.logout.method} ${userApi.logout.path}`]);
const REQUEST_TIMEOUT_MS = 10_000;

let t: TestApp;
let adminToken: string;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content?.[
          'application/json'
        ]?.schema,
      })),
  );
}, 180_000);

afterAll(async () => {
  await t?.close();
});

interface Attempt {
  label: string;
  method: string;
  url: string;
  body?: unknown;
  raw?: { payload: string | Buffer; contentType: string };
}

/** Every hostile request for one operation. */
function attemptsFor(op: Operation): Attempt[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const basePath: Record<string, string> = Object.fromEntries(
    pathParams.map((p) => [p.name, encodeParam(sample(p.schema, p.name))]),
  );
  const baseQuery = (): Record<string, string> =>
    Object.fromEntries(
      queryParams.filter((p) => p.required).map((p) => [p.name, encodeParam(sample(p.schema, p.name))]),
    );
  const urlOf = (pathValues: Record<string, string>, query: Record<string, string>) => {
    const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => pathValues[name] ?? String(ABSENT_ID));
    const qs = queryString(query);
    return qs ? `${path}?${qs}` : path;
  };
  const hasBody = op.body !== undefined && op.method !== 'GET';
  const baseBody = () => (hasBody ? sample(op.body!) : undefined);
  const attempts: Attempt[] = [];

  for (const p of pathParams) {
    for (const [name, value] of paramMutations(p.schema, p.name)) {
      attempts.push({
        label: `path ${p.name}=${name}`,
        method: op.method,
        url: urlOf({ ...basePath, [p.name]: value }, baseQuery()),
        body: baseBody(),
      });
    }
  }
  for (const p of queryParams) {
    for (const [name, value] of paramMutations(p.schema, p.name)) {
      attempts.push({
        label: `query ${p.name}=${name}`,
        method: op.method,
        url: urlOf(basePath, { ...baseQuery(), [p.name]: value }),
        body: baseBody(),
      });
    }
  }
  // Negative and huge paging, beside the generic numbers above.
  if (queryParams.some((p) => p.name === 'page')) {
    for (const [page, pageSize] of [
      ['-5', '-5'],
      ['999999999', '999999999'],
      ['10000', '200'],
    ]) {
      attempts.push({
        label: `paging ${page}/${pageSize}`,
        method: op.method,
        url: urlOf(basePath, { ...baseQuery(), page: page!, pageSize: pageSize! }),
      });
    }
  }
  if (hasBody) {
    const url = urlOf(basePath, baseQuery());
    for (const [field, schema] of leaves(op.body!)) {
      for (const [name, value] of bodyMutations(schema)) {
        const body = baseBody() as Record<string, unknown>;
        attempts.push({
          label: `body ${field.join('.')}=${name}`,
          method: op.method,
          url,
          body: setIn(body, field, value),
        });
      }
    }
    for (const [name, value] of WRONG_TYPES) {
      attempts.push({ label: `whole body=${name}`, method: op.method, url, body: value });
    }
    attempts.push({
      label: 'malformed JSON',
      method: op.method,
      url,
      raw: { payload: '{"a":', contentType: 'application/json' },
    });
  }
  if (op.method === 'POST' || op.method === 'PUT') {
    const url = urlOf(basePath, Object.fromEntries(queryParams.map((p) => [p.name, encodeParam(sample(p.schema))])));
    attempts.push(
      { label: 'malformed multipart', method: op.method, url, raw: brokenMultipart() },
      {
        label: 'multipart with a 300-character boundary',
        method: op.method,
        url,
        raw: { payload: 'x', contentType: `multipart/form-data; boundary=${'b'.repeat(300)}` },
      },
      {
        label: 'multipart without boundary',
        method: op.method,
        url,
        raw: { payload: 'x', contentType: 'multipart/form-data' },
      },
    );
  }
  return attempts;
}

/** Paths of the fields of a body schema, nested objects included (two levels is all the API has). */
function leaves(schema: Schema, prefix: string[] = []): [string[], Schema][] {
  const s = unwrap(schema);
  if (typeOf(s) !== 'object' || !s.properties || prefix.length > 2) return prefix.length ? [[prefix, s]] : [];
  const out: [string[], Schema][] = prefix.length ? [[prefix, s]] : [];
  for (const [key, child] of Object.entries(s.properties)) out.push(...leaves(child, [...prefix, key]));
  return out;
}

function setIn(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  if (!rest.length) return { ...body, [head!]: value };
  const inner = body[head!];
  return {
    ...body,
    [head!]: setIn(inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {}, rest, value),
  };
}

function brokenMultipart() {
  const boundary = '----fuzzboundary';
  return {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function send(a: Attempt, token: string | undefined): Promise<string | null> {
  const opts: InjectOptions = {
    method: a.method as InjectOptions['method'],
    url: a.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  };
  if (a.raw) {
    opts.payload = a.raw.payload;
    opts.headers = { ...opts.headers, 'content-type': a.raw.contentType };
  } else if (a.body !== undefined) {
    opts.payload = JSON.stringify(a.body);
    opts.headers = { ...opts.headers, 'content-type': 'application/json' };
  }
  let timer: NodeJS.Timeout | undefined;
  const res = await Promise.race([
    t.app.inject(opts),
    new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), REQUEST_TIMEOUT_MS))),
  ]).finally(() => clearTimeout(timer));
  if (!res) return 'no answer within 10 s';
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 120)}`;
  if (res.statusCode >= 400) {
    try {
      const env = res.json() as { code?: unknown; msg?: unknown };
      if (typeof env.code !== 'number' || typeof env.msg !== 'string') return `${res.statusCode} not an envelope`;
    } catch {
      return `${res.statusCode} not JSON: ${res.body.slice(0, 80)}`;
    }
  }
  return null;
}

/**
 * An operation that refuses an anonymous caller before reading its input (401) gets only a sample of
 * the hostile requests anonymously: the rest would test the same refusal again.
 */
async function guarded(op: Operation): Promise<boolean> {
  const path = op.path.replace(/\{\w+\}/g, String(ABSENT_ID));
  const res = await t.app.inject({ method: op.method as InjectOptions['method'], url: path });
  return res.statusCode === 401;
}

async function fuzz(who: 'admin' | 'anonymous') {
  const failures: string[] = [];
  let sent = 0;
  for (const op of operations) {
    if (who === 'admin' && ADMIN_SKIP.has(`${op.method} ${op.path}`)) continue;
    let attempts = attemptsFor(op);
    if (who === 'anonymous' && (await guarded(op))) attempts = attempts.filter((_a, i) => i % 10 === 0);
    for (const a of attempts) {
      sent++;
      const problem = await send(a, who === 'admin' ? adminToken : undefined);
      if (problem) {
        failures.push(
          `${who} ${a.method} ${show(a.url)} [${a.label}] body=${show(a.body ?? a.raw?.payload)} -> ${problem}`,
        );
      }
    }
  }
  return { failures, sent };
}

describe('fuzz: every operation of the OpenAPI document', () => {
  it('finds the operations to fuzz', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  for (const who of ['admin', 'anonymous'] as const) {
    it(`never answers 5xx or a non-envelope to hostile input (${who})`, async () => {
      const { failures, sent } = await fuzz(who);
      expect(sent).toBeGreaterThan(who === 'admin' ? 1000 : 200);
      if (failures.length) console.log(`${failures.length} of ${sent} requests failed:\n${failures.join('\n')}`);
      expect(failures).toEqual([]);
    }, 300_000);
  }

  it('answers a malformed URL with a 400 envelope', async () => {
    // Escapes that cannot be decoded, which no declaration can make: sent as written.
    for (const url of [undeclaredUrl('%E0%A4%A'), `${userApi.detail.path}?id=%E0%A4%A`, '/%']) {
      const problem = await send({ label: 'bad url', method: 'GET', url }, adminToken);
      expect(problem, url).toBeNull();
    }
  });

  it('checks that the admin session survived the run', async () => {
    const res = await t.api(userApi.info, {}, adminToken);
    expect(res.status).toBe(200);
  });
});
