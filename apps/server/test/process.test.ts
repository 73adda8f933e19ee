import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_KIND } from './harness.ts';
import { freePort, startServer, tmpDir, waitUp } from './server-process.ts';

const PASSWORD = 'Proc@12345';
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

const start = (dataDir: string, port: number) =>
  startServer(dataDir, port, { ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' }, children);

async function api(port: number, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<{ code: number; msg: string; data: { token: string; id: number } }>;
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
    const login = await api(first.port, 'POST', '/api/user/login', { username: 'admin', password: PASSWORD });
    expect(login.code).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dir, 'siteops.lock'))).toBe(false);
  }, 150_000);

  it('kill -9 during writes, then a restart, loses no acknowledged row', async () => {
    const dir = tmpDir();
    const port = await freePort();
    const first = start(dir, port);
    await waitUp(first);
    const token = (await api(port, 'POST', '/api/user/login', { username: 'admin', password: PASSWORD })).data.token;
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const key = `k${w}-${i}`;
        try {
          const res = await api(port, 'POST', '/api/constant/add', { key, value: 'x' }, token);
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
    const admin = (await api(port, 'POST', '/api/user/login', { username: 'admin', password: PASSWORD })).data.token;
    const stored = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/constant/listAll?key=k&pageSize=200&page=${page}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      const body = (await res.json()) as { data: { list: { key: string }[]; total: number } };
      body.data.list.forEach((c) => stored.add(c.key));
      if (page * 200 >= body.data.total) break;
    }
    const missing = acknowledged.filter((key) => !stored.has(key));
    expect(missing).toEqual([]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});
