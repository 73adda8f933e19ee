import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { userApi } from '@siteops/contracts/user/api';
import { createTestApp } from '../../test/harness.ts';
import { startLinkApp } from '../modules/device-link/testkit.ts';

const TOKEN = 'metrics-token-for-tests';
const t = await startLinkApp({ env: { METRICS_TOKEN: TOKEN } });
afterAll(() => t.close());

async function scrapeText() {
  const res = await fetch(`${t.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
}

/** Scrape as Prometheus would; the value of one series (labels as written), or undefined. */
async function scrape() {
  const text = await scrapeText();
  return (series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };
}

describe('/metrics', () => {
  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await fetch(`${t.base}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${t.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('siteops_');
  });

  it('is not served at all without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('device links by type and transport, and the messages they send, move as devices link and report', async () => {
    const before = await scrape();
    const linksBefore = before('siteops_device_links{type="dust",transport="ws"}') ?? 0;
    const telemetryBefore = before('siteops_device_messages_total{kind="telemetry"}') ?? 0;
    const d = await t.addDevice({ type: 'dust' });
    const sim = t.sim(d);
    await sim.waitFor('up');
    sim.sendTelemetry({ a34002: 61 });
    sim.sendTelemetry({ a34002: 62 });
    await expect
      .poll(async () => (await scrape())('siteops_device_messages_total{kind="telemetry"}'), { timeout: 3_000 })
      .toBe(telemetryBefore + 2);
    const after = await scrape();
    expect(after('siteops_device_links{type="dust",transport="ws"}')).toBe(linksBefore + 1);
    expect(after('siteops_live_connections')).toBe(0);
    expect(after('siteops_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    await sim.stop();
    await expect
      .poll(async () => (await scrape())('siteops_device_links{type="dust",transport="ws"}') ?? 0, { timeout: 3_000 })
      .toBe(linksBefore);
  });

  it('API latency per route pattern and status', async () => {
    const admin = await t.login();
    await t.api(userApi.info, {}, admin);
    await t.api(userApi.info, {}, 'not-a-session');
    const m = await scrape();
    const { path: route, method } = userApi.info;
    expect(
      m(`siteops_http_request_duration_seconds_count{route="${route}",method="${method}",status="200"}`),
    ).toBeGreaterThanOrEqual(1);
    expect(
      m(`siteops_http_request_duration_seconds_count{route="${route}",method="${method}",status="401"}`),
    ).toBeGreaterThanOrEqual(1);
  });

  it('has every series the Grafana dashboard in ops/ queries (a renamed metric would blank a panel)', async () => {
    const dashboard = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../ops/grafana/siteops.json'),
      'utf8',
    );
    const queried = new Set([...dashboard.matchAll(/siteops_[a-z0-9_]+/g)].map((m) => m[0]));
    // The histogram's series are its family name plus _bucket/_count/_sum.
    const families = new Set(
      [...(await scrapeText()).matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
        type === 'histogram' ? [name, `${name}_bucket`, `${name}_count`, `${name}_sum`] : [name],
      ),
    );
    // The pool is PostgreSQL's: on the embedded database that panel is empty by design.
    if (!process.env.TEST_DATABASE_URL) queried.delete('siteops_db_pool_connections');
    expect(queried.size).toBeGreaterThan(10);
    expect([...queried].filter((name) => !families.has(name))).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('shows the PostgreSQL pool: in use, idle, queued and its size', async () => {
    const m = await scrape();
    expect(m('siteops_db_pool_connections{state="max"}')).toBe(4);
    expect(m('siteops_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(m('siteops_db_pool_connections{state="waiting"}')).toBe(0);
  });
});
