import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_KIND } from './harness.ts';
import { freePort, startServer, tmpDir, waitUp } from './server-process.ts';
import { typedClient } from '@siteops/test-support/api';
import { fetchSend } from '@siteops/test-support/fetch';
import type { Endpoint, InputOf } from '@siteops/contracts/shared/endpoint';
import { userApi } from '@siteops/contracts/user/api';
import { constantApi } from '@siteops/contracts/constant/api';

const PASSWORD = 'Proc@12345';
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

const start = (dataDir: string, port: number) =>
  startServer(dataDir, port, { ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' }, children);

/** A declared endpoint of the server on `port`, over HTTP: its envelope. */
async function api<E extends Endpoint>(port: number, endpoint: E, input: InputOf<E>, token?: string) {
  const res = await typedClient(fetchSend(`http://127.0.0.1:${port}`))(endpoint, input, token);
  return res.body;
}

describe.skipIf(DB_KIND !== 'pglite')('the embedded database across processes', () => {
  it('a second server on the same DATA_DIR exits non-zero with the lock message; the first keeps serving', async () => {
    const dir = tmpDir();
    const first = start(dir, await freePort());
    await waitUp(first);
    const second = start(dir, await freePort());
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toMatch(/in use by another SiteOps process \(pid \d+\)/);
    const login = await api(first.port, userApi.login, { username: 'admin', password: PASSWORD });
    expect(login.code).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dir, 'siteops.lock'))).toBe(false);
  }, 200_000);

  it('kill -9 during writes, then a restart, loses no acknowledged row', async () => {
    const dir = tmpDir();
    const port = await freePort();
    const first = start(dir, port);
    await waitUp(first);
    const token = (await api(port, userApi.login, { username: 'admin', password: PASSWORD })).data.token;
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const key = `k${w}-${i}`;
        try {
          const res = await api(port, constantApi.add, { key, value: 'x' }, token);
          if (res.code === 200) acknowledged.push(key);
        } catch {
          return;
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await new Promise((res) => setTimeout(res, 2500));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await first.exited;
    expect(acknowledged.length).toBeGreaterThan(20);

    // The stale lock of the killed process must not keep the restart out.
    const second = start(dir, port);
    await waitUp(second);
    const admin = (await api(port, userApi.login, { username: 'admin', password: PASSWORD })).data.token;
    const stored = new Set<string>();
    for (let page = 1; ; page++) {
      const body = (await api(port, constantApi.listAll, { key: 'k', pageSize: 200, page }, admin)) as {
        data: { list: { key: string }[]; total: number };
      };
      body.data.list.forEach((c) => stored.add(c.key));
      if (page * 200 >= body.data.total) break;
    }
    const missing = acknowledged.filter((key) => !stored.has(key));
    expect(missing).toEqual([]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 300_000);
});
