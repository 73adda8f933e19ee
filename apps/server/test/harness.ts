import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, expect, inject } from 'vitest';
import type { FastifyInstance, FastifyServerOptions, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config, type Env } from '../src/config.ts';
import { openDatabase, type Database, type OpenOptions } from '../src/db/client.ts';
import { typedClient, type As, type Send, type TypedClient } from '@siteops/test-support/api';
import { queryString } from '@siteops/test-support/fetch';
import { requestOf, type Endpoint, type InputOf } from '@siteops/contracts/shared/endpoint';
import { ADMIN_PASSWORD, adminUrl, onServer } from './template.ts';
import { userApi } from '@siteops/contracts/user/api';

export { ADMIN_PASSWORD };

/** Which database the suite runs on: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export const DB_KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A fresh database cloned from the migrated template (admin/ADMIN_PASSWORD already there). */
export async function openTestDatabase(
  opts: { through?: (url: string) => string; timeouts?: OpenOptions['timeouts'] } = {},
): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = fs.readFileSync(inject('templateFile'));
    return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([dump]) });
  }
  const name = `siteops_t_${randomBytes(6).toString('hex')}`;
  await onServer(url, `create database ${name} template ${inject('templateDb')}`);
  // `through`: the fault tests reach the server through their proxy.
  const through = opts.through ?? ((u: string) => u);
  const database = await openDatabase({
    databaseUrl: through(adminUrl(url, name)),
    poolMax: 4,
    timeouts: opts.timeouts,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await onServer(url, `drop database if exists ${name} with (force)`);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /**
   * The declared endpoints, typed (`t.api(deviceApi.add, input, token)`): what every test calls. `call`
   * is for what is not a declared endpoint (the gateway, the docs, a signed file URL the server answered).
   */
  api: TypedClient;
  /** `app.inject` with a bearer token and JSON body; answers the parsed envelope too. */
  call(opts: InjectOptions & { token?: string; body?: unknown }): Promise<{ status: number; body: Envelope }>;
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface Envelope {
  code: number;
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

/** `TestApp['call']` over `app.inject`: a bearer token and a JSON body in, the status and parsed envelope out. */
export function injectCall(app: FastifyInstance): TestApp['call'] {
  return async ({ token, body, headers, ...rest }) => {
    const res = await app.inject({
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    });
    let parsed: Envelope;
    try {
      parsed = res.json();
    } catch {
      // Not an envelope (e.g. a file or a proxy's error page): the body is kept as the message.
      parsed = { code: -1, msg: res.body, data: null };
    }
    return { status: res.statusCode, body: parsed };
  };
}

/** The typed client's transport over `app.inject`. */
export function injectSend(app: FastifyInstance): Send {
  return async ({ method, url, query, body, payload, token, headers, remoteAddress }) => {
    const res = await app.inject({
      method: method as InjectOptions['method'],
      url,
      ...(remoteAddress && { remoteAddress }),
      query: query as InjectOptions['query'],
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(payload !== undefined
        ? { payload }
        : body !== undefined
          ? { payload: body as InjectOptions['payload'] }
          : {}),
    });
    let parsed: Envelope;
    try {
      parsed = res.json();
    } catch {
      parsed = { code: -1, msg: res.body, data: null };
    }
    return { status: res.statusCode, body: parsed, headers: res.headers };
  };
}

/**
 * A declared endpoint's call as `app.inject` options, for a test that reads the answer itself (a download's
 * bytes, its headers) or adds headers of its own (a Range): the path still comes from the declaration.
 */
export function injectOf<E extends Endpoint>(endpoint: E, input: InputOf<E>, as?: As): InjectOptions {
  return injectOfUnchecked(endpoint, input, as);
}

/** {@link injectOf} with input the declaration would refuse (a test of the server's 400s). */
export function injectOfUnchecked(endpoint: Endpoint, input: unknown, as?: As): InjectOptions {
  const { method, url, query, body } = requestOf(endpoint, input);
  const { token, headers } = typeof as === 'string' ? { token: as } : (as ?? {});
  return {
    method,
    url,
    ...(query && { query: query as InjectOptions['query'] }),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body !== undefined && { payload: body as InjectOptions['payload'] }),
  };
}

/** A test's query string as the typed client's input (see @siteops/test-support/fetch). */
export { queryOf } from '@siteops/test-support/fetch';

/** A declared endpoint's URL with its input in the path and the query string: for `fetch` and WebSockets. */
export function urlOf<E extends Endpoint>(endpoint: E, input: InputOf<E>): string {
  const { url, query } = requestOf({ ...endpoint, method: 'GET' }, input);
  return `${url}${queryString(query)}`;
}

/** The addresses that are not declared endpoints (the health check, the OpenAPI document, a deliberate 404). */
export { HEALTH_URL, OPENAPI_URL, undeclaredUrl } from './apiUrls.ts';

/** A multipart form (`multipart()` of fixtures.ts or multipart.ts) as the typed client's raw body. */
export const formBody = (form: { payload: Buffer; headers: { 'content-type': string } }) => ({
  contentType: form.headers['content-type'],
  payload: form.payload,
});

/** Call options for a body sent as `payload` under `contentType`, as it is (not as JSON): bodies the server must refuse. */
export const rawBody = (contentType: string, payload: string) => ({
  headers: { 'content-type': contentType },
  payload,
});

/** Checks that `res` is a 400 whose field errors have `field` (a key path, as `toHaveProperty` takes it). */
export function expectFieldError(res: { status: number; body: Envelope }, field: string | string[]) {
  expect(res.status).toBe(400);
  expect(res.body.data.fields).toHaveProperty(field);
}

/** Checks that `res` is a 400 whose field errors name every one of `fields` (and maybe more). */
export function expectFieldsNamed(res: { status: number; body: Envelope }, fields: readonly string[]) {
  expect(res.status).toBe(400);
  const named = Object.keys(res.body.data.fields);
  for (const f of fields) expect(named).toContain(f);
}

/** `TestApp['login']` through the login endpoint, failing loudly when it is refused. */
export function loginThrough(call: TestApp['call']): TestApp['login'] {
  return async (username = 'admin', password = ADMIN_PASSWORD) => {
    const res = await call(injectOf(userApi.login, { username, password }));
    if (res.body.code !== 200) throw new Error(`login ${username} failed: ${res.body.msg}`);
    return res.body.data.token as string;
  };
}

/** `opts.logger`: Fastify logger options, for tests that read the log lines (default: no logger). */
export async function createTestApp(
  env: Env = {},
  opts: { database?: Database; logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestApp> {
  const config = loadConfig({
    DATA_DIR: '.tmp/unused',
    DEMO: '0',
    LOG_LEVEL: 'silent',
    MQTT_PORT: 'off',
    HJ212_PORT: 'off',
    API_RATE_LIMIT: 'off',
    ...env,
  } as Record<string, string>);
  const database = opts.database ?? (await openTestDatabase());
  const app = await buildApp({
    config,
    db: database.db,
    logger: opts.logger ?? false,
    databaseKind: database.kind,
    poolStats: database.poolStats,
  });
  await app.ready();
  const call = injectCall(app);
  return {
    app,
    database,
    config,
    call,
    api: typedClient(injectSend(app)),
    login: loginThrough(call),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** `createTestApp` with a DATA_DIR of its own: a fresh temporary folder named `prefix…`, removed when the app closes. */
export async function createTestAppOnDisk(prefix: string, env: Env = {}): Promise<TestApp & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const t = await createTestApp({ DATA_DIR: dataDir, ...env });
  const close = t.close;
  return Object.assign(t, {
    dataDir,
    close: async () => {
      await close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/** Every object stored under `dataDir`/files, temp files included. */
export function storedFiles(dataDir: string) {
  const dir = path.join(dataDir, 'files');
  return fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    : [];
}

/**
 * The app a test file's tests share, made by `start`, and the admin's token: made as the file loads (call
 * it with a top-level await) and closed after the file's last test.
 */
export async function fileApp<App extends Pick<TestApp, 'login' | 'close'>>(
  start: () => Promise<App>,
): Promise<{ t: App; admin: string }> {
  const t = await start();
  afterAll(() => t.close());
  return { t, admin: await t.login() };
}

/** `fileApp` of `createTestApp(env)`. */
export const fileTestApp = (env: Env = {}) => fileApp(() => createTestApp(env));

/** `fileApp` of `createTestAppOnDisk(prefix, env)`: a DATA_DIR of the file's own, `t.dataDir`. */
export const fileTestAppOnDisk = (prefix: string, env: Env = {}) => fileApp(() => createTestAppOnDisk(prefix, env));
