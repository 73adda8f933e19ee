import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_KIND, undeclaredUrl } from './harness.ts';
import { freePort, startServer, tmpDir, waitUp, type Running } from './server-process.ts';
import { ADMIN_PASSWORD_MESSAGE } from '../src/http/logOutput.ts';
import { typedClient } from '@siteops/test-support/api';
import { fetchSend } from '@siteops/test-support/fetch';
import { userApi } from '@siteops/contracts/user/api';

// What an operator running the server under a service manager (no terminal) sees in its output (issue 10 §6).
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

const entries = (r: Running) =>
  r
    .stdout()
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { level: number; msg: string; password?: string });

/** The declared endpoints of the server on `port`, over HTTP. */
const api = (port: number) => typedClient(fetchSend(`http://127.0.0.1:${port}`));

async function stop(r: Running) {
  r.child.kill('SIGTERM');
  expect(await r.exited).toBe(0);
}

describe.skipIf(DB_KIND !== 'pglite')('server output without a terminal', () => {
  it('is JSON lines: the admin password once on a line of its own, no request lines at info, all of them at debug', async () => {
    const dir = tmpDir();
    const port = await freePort();
    const first = startServer(dir, port, { LOG_LEVEL: '', ADMIN_PASSWORD: '' }, children);
    await waitUp(first);
    // An unknown route logs nothing at info.
    await fetch(`http://127.0.0.1:${port}${undeclaredUrl('nowhere')}`);
    expect((await api(port)(userApi.login, { username: 'admin', password: 'wrong' })).status).toBe(401);
    // The lines are written before the server answers; give the pipe a moment.
    await new Promise((res) => setTimeout(res, 200));
    const announced = entries(first).filter((e) => e.msg === ADMIN_PASSWORD_MESSAGE);
    expect(announced).toHaveLength(1);
    const password = announced[0].password!;
    expect(first.stdout().split(password)).toHaveLength(2);
    expect((await api(port)(userApi.login, { username: 'admin', password })).status).toBe(200);
    await stop(first);
    const messages = entries(first).map((e) => e.msg);
    expect(messages.some((m) => m.startsWith('SiteOps is up'))).toBe(true);
    expect(messages).not.toContain('incoming request');
    expect(messages).not.toContain('request completed');
    expect(messages.filter((m) => /not found/.test(m))).toEqual([]);

    // LOG_LEVEL=debug shows every request; a second start announces no password.
    const second = startServer(dir, port, { LOG_LEVEL: 'debug' }, children);
    await waitUp(second);
    await new Promise((res) => setTimeout(res, 200));
    await stop(second);
    const debug = entries(second).map((e) => e.msg);
    expect(debug).toContain('incoming request');
    expect(debug).toContain('request completed');
    expect(debug).not.toContain(ADMIN_PASSWORD_MESSAGE);
  }, 300_000);
});
