import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { and, eq } from 'drizzle-orm';
import { DEVICE_LINK_ROUTES, TerminalClose } from '@siteops/contracts/device-link/schemas';
import { auditLog } from '../../db/schema/index.ts';
import { until } from '../../gateway/testkit.ts';
import { ticketFor } from './testkit.ts';
import { fileLinkApp } from './liveTestkit.ts';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';
import { userApi } from '@siteops/contracts/user/api';

const { t, admin, linked } = await fileLinkApp();

describe('terminal', () => {
  function openTerminal(url: string) {
    const ws = new WebSocket(url);
    let out = '';
    const texts: Record<string, unknown>[] = [];
    const push = (v: unknown) => texts.push(v as Record<string, unknown>);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('message', (data, isBinary) => {
      if (isBinary) out += data.toString();
      else push(JSON.parse(data.toString()));
    });
    return { ws, closed, texts, output: () => out };
  }

  it('round trip over the browser WebSocket: prompt, command output, resize, exit closes it', async () => {
    const d = await linked({ type: 'towerCrane' });
    const { url } = await ticketFor(t, admin, 'terminal', d.id);
    const term = openTerminal(`${t.base.replace('http', 'ws')}${url}&cols=100&rows=30`);
    await until(() => term.output().includes(`${d.sn}@siteops:~$`), 2_000, 'prompt');
    expect(term.texts[0]).toMatchObject({ type: 'ready' });
    term.ws.send(JSON.stringify({ type: 'resize', cols: 120, rows: 40 }));
    term.ws.send(Buffer.from('stty size\r'), { binary: true });
    await until(() => term.output().includes('40 120'), 2_000, 'stty size after resize');
    term.ws.send(Buffer.from('hostname\r'), { binary: true });
    await until(() => term.output().split(d.sn).length > 3, 2_000, 'hostname output');
    term.ws.send(Buffer.from('exit\r'), { binary: true });
    expect((await term.closed).code).toBe(TerminalClose.normal);
  });

  it('a terminal ticket opens one terminal only: using its URL again is refused (4401)', async () => {
    const d = await linked({ type: 'aiBox' });
    const { url } = await ticketFor(t, admin, 'terminal', d.id);
    const first = openTerminal(`${t.base.replace('http', 'ws')}${url}`);
    await until(() => first.output().includes('@siteops:~$'), 2_000, 'prompt');
    const again = openTerminal(`${t.base.replace('http', 'ws')}${url}`);
    expect((await again.closed).code).toBe(TerminalClose.unauthorized);
    expect(again.output()).toBe('');
    first.ws.close();
  });

  it('closing the browser side ends the shell stream on the device link', async () => {
    const d = await linked({ type: 'face' });
    const { url } = await ticketFor(t, admin, 'terminal', d.id);
    const term = openTerminal(`${t.base.replace('http', 'ws')}${url}`);
    await until(() => term.output().includes('@siteops:~$'), 2_000, 'prompt');
    const link = t.app.deviceLink.gateway.registry.get(d.id)!;
    expect(link.streams.size).toBe(1);
    term.ws.close();
    await until(() => link.streams.size === 0, 1_000, 'stream closed');
  });

  it('refuses a bad ticket (4401), an offline device (4409); closes on idle (4408)', async () => {
    const d = await t.addDevice();
    // The terminal is a WebSocket route registered by hand (device-link/routes.ts), not a declared endpoint.

    const bad = openTerminal(
      `${t.base.replace('http', 'ws')}${DEVICE_LINK_ROUTES.terminal.replace(':id', String(d.id))}?ticket=nope`,
    );
    expect((await bad.closed).code).toBe(TerminalClose.unauthorized);
    const { url } = await ticketFor(t, admin, 'terminal', d.id);
    const offline = openTerminal(`${t.base.replace('http', 'ws')}${url}`);
    expect((await offline.closed).code).toBe(TerminalClose.offline);
    const live = await linked({ type: 'gateway' });
    const idle = openTerminal(`${t.base.replace('http', 'ws')}${(await ticketFor(t, admin, 'terminal', live.id)).url}`);
    const opened = Date.now();
    const closed = await idle.closed;
    expect(closed.code).toBe(TerminalClose.idle);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(900);
  });
});

describe('remote-control tunnel', () => {
  it('returns the device page sandboxed, and checks the session on every request', async () => {
    const d = await linked({ type: 'dust' });
    const token = await t.login();
    const { url } = await ticketFor(t, token, 'remote', d.id);
    const opened = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'device.remote'), eq(auditLog.targetId, String(d.id))));
    expect(opened).toHaveLength(1);
    const page = await fetch(`${t.base}${url}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/^sandbox /);
    expect(await page.text()).toContain(d.sn);
    const img = await fetch(`${t.base}${url}snapshot.jpg`);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    // Loaded by a sandboxed (opaque-origin) page: a same-origin CORP would break it in the browser.
    expect(img.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const bytes = Buffer.from(await img.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    // A form POST reaches the device; its redirect to `/` stays inside the tunnel.
    const form = await fetch(`${t.base}${url}config`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=North+gate',
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    expect(new URL(form.headers.get('location')!, `${t.base}${url}config`).pathname).toBe(url);
    const config = await t.api(deviceLinkApi.configGet, { id: d.id, keys: 'name' }, admin);
    expect(config.body.data.config.name).toBe('North gate');
    // Without the trailing slash: redirected inside the tunnel.
    const bare = await fetch(`${t.base}${url.slice(0, -1)}`, { redirect: 'manual' });
    expect(bare.status).toBe(302);
    await t.api(userApi.logout, {}, token);
    const after = await fetch(`${t.base}${url}`);
    expect(after.status).toBe(401);
  });

  it('an offline device answers 409 in the tab, in the tab’s language', async () => {
    const d = await t.addDevice();
    const { url } = await ticketFor(t, admin, 'remote', d.id);
    const en = await fetch(`${t.base}${url}`);
    expect(en.status).toBe(409);
    expect(await en.text()).toContain('<h1>Device unavailable</h1><p>The device is offline</p>');
    const zh = await fetch(`${t.base}${url}`, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(await zh.text()).toContain('<h1>设备不可用</h1><p>设备不在线</p>');
  });
});
