import { describe, expect, it } from 'vitest';
import { answeringShell, fileGateway, until } from './testkit.ts';

const { gw, linked } = await fileGateway();

describe('terminal and tunnel', () => {
  it('terminal round trip: prompt, echo, resize, exit', async () => {
    const { id, sn } = await linked('gateway');
    const { shell, closed, output } = await answeringShell(gw.gateway, id, sn, { cols: 80, rows: 24 });
    shell.resize(120, 40);
    shell.write('stty size\r');
    await until(() => output().includes('\r\n40 120\r\n'), 2_000, 'stty size');
    shell.write('ping -c 2 example.com\r');
    await until(() => output().includes('2 packets transmitted'), 2_000, 'ping');
    shell.write('exit\r');
    expect(await closed).toBe('exit');
    expect(shell.closed).toBe(true);
  });

  it('closing the terminal from the server side ends it on the device', async () => {
    const { id } = await linked('face');
    const shell = await gw.gateway.openShell(id);
    const link = gw.gateway.registry.get(id)!;
    expect(link.streams.size).toBe(1);
    shell.close('idle');
    expect(link.streams.size).toBe(0);
    shell.write('echo ignored\r'); // harmless after close
  });

  it('the terminal closes when the link drops', async () => {
    const { id, sim } = await linked('face');
    const shell = await gw.gateway.openShell(id);
    const closed = new Promise<string>((resolve) => shell.on('close', resolve));
    sim.kill();
    expect(await closed).toBe('linkClosed');
  });

  it('the tunnel returns the device page, its images and its 404', async () => {
    const { id, sn } = await linked('dust');
    const page = await gw.gateway.tunnelRequest(id, { method: 'GET', path: '/', headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body.toString('utf8');
    expect(html).toContain('<!doctype html>');
    expect(html).toContain(sn);
    const img = await gw.gateway.tunnelRequest(id, { method: 'GET', path: '/snapshot.jpg', headers: {} });
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect([img.body[0], img.body[1]]).toEqual([0xff, 0xd8]);
    const form = await gw.gateway.tunnelRequest(id, {
      method: 'POST',
      path: '/config',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from('name=North+gate'),
    });
    expect(form.status).toBe(303);
    expect((await gw.gateway.call(id, 'config.get', { keys: ['name'] })).result.config.name).toBe('North gate');
    const missing = await gw.gateway.tunnelRequest(id, { method: 'GET', path: '/nope', headers: {} });
    expect(missing.status).toBe(404);
  });
});
