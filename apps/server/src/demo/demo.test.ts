import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { DEVICE_TYPES } from '@siteops/contracts/device-protocol';
import { verifyLicence } from '@siteops/contracts/licence/verify';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { devices } from '../db/schema/index.ts';
import { hashDeviceSecret } from '../crypto/deviceSecret.ts';
import { DEMO_AGENTS, DEMO_DEVICE_COUNTS, DEMO_HJ212, DEMO_PASSWORD, DEMO_PROJECTS } from './plan.ts';
import { startDemoFleet } from './fleet.ts';
import { seedDemo, type DemoSeed } from './seed.ts';
import { runDemo } from './index.ts';
import { deviceApi } from '@siteops/contracts/device/api';
import { agentApi } from '@siteops/contracts/agent/api';

const quiet = { info: () => {}, warn: () => {}, debug: () => {} };
const TOTAL = Object.values(DEMO_DEVICE_COUNTS).reduce((n, c) => n + c.count, 0);

describe('demo seed', () => {
  let t: TestApp;
  let licenceDir: string;
  let first: DemoSeed;

  beforeAll(async () => {
    t = await createTestApp({ MQTT_PORT: '0', HJ212_PORT: '0' });
    licenceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-demo-'));
    first = await seedDemo(t.app, t.database.db, t.config, quiet, { licenceDir });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    fs.rmSync(licenceDir, { recursive: true, force: true });
  });

  it('creates two agents, three managed projects and devices of every type with working licences', async () => {
    expect(first.created).toEqual({ agents: 2, projects: 3, managers: 3, devices: TOTAL, licences: TOTAL });
    expect(new Set(first.devices.map((d) => d.type))).toEqual(new Set(DEVICE_TYPES));
    expect(first.accounts.map((a) => a.userName).sort()).toEqual(
      [...DEMO_AGENTS.map((a) => a.userName), ...DEMO_PROJECTS.map((p) => p.manager.userName)].sort(),
    );

    const admin = await t.login();
    const list = await t.api(deviceApi.listAll, { pageSize: 200, sn: 'DEMO' }, admin);
    expect(list.body.data.total).toBe(TOTAL);
    expect(list.body.data.list.every((d: { authStatus: string }) => d.authStatus === 'authorize')).toBe(true);
    expect(
      list.body.data.list.filter((d: { projectId: number | null }) => d.projectId !== null).length,
    ).toBeGreaterThan(TOTAL - 5);

    // Each device's secret is the one its signed licence file carries, and the file verifies offline.
    const key = await t.api(deviceApi.licencePublicKey, {});
    const rows = await t.database.db.select().from(devices).where(like(devices.sn, 'DEMO%'));
    for (const d of first.devices) {
      const row = rows.find((r) => r.sn === d.sn)!;
      expect(row.secretHash).toBe(hashDeviceSecret(d.secret));
      const file = fs.readFileSync(path.join(licenceDir, `${d.sn}.lic`), 'utf8');
      expect(verifyLicence(file, key.body.data.pem).ok).toBe(true);
    }
  });

  it('lets the demo agent sign in with the advertised password and see only its own devices', async () => {
    const agent = DEMO_AGENTS[0];
    const token = await t.login(agent.userName, DEMO_PASSWORD);
    const mine = await t.api(deviceApi.listAll, { pageSize: 200 }, token);
    const ownProjects = DEMO_PROJECTS.filter((p) => p.agent === agent.key).map((p) => p.name);
    expect(mine.body.data.total).toBeGreaterThan(0);
    expect(mine.body.data.total).toBeLessThan(TOTAL);
    for (const d of mine.body.data.list) expect(ownProjects).toContain(d.projectName);

    const manager = await t.login(DEMO_PROJECTS[0].manager.userName, DEMO_PASSWORD);
    expect(manager).toBeTruthy();
  });

  it('changes nothing on a restart: same rows, same secrets, no new licences', async () => {
    const again = await seedDemo(t.app, t.database.db, t.config, quiet, { licenceDir });
    expect(again.created).toEqual({ agents: 0, projects: 0, managers: 0, devices: 0, licences: 0 });
    expect(again.devices.map((d) => [d.sn, d.secret]).sort()).toEqual(
      first.devices.map((d) => [d.sn, d.secret]).sort(),
    );
    const admin = await t.login();
    const agents = await t.api(agentApi.listAll, { pageSize: 200 }, admin);
    expect(agents.body.data.list.filter((a: { name: string }) => a.name.includes('（演示）')).length).toBe(2);
  });

  it('grants a fresh licence when a device lost its licence file, and only for that device', async () => {
    const lost = first.devices[0];
    fs.rmSync(path.join(licenceDir, `${lost.sn}.lic`));
    const again = await seedDemo(t.app, t.database.db, t.config, quiet, { licenceDir });
    expect(again.created.licences).toBe(1);
    expect(again.created.devices).toBe(0);
    const renewed = again.devices.find((d) => d.sn === lost.sn)!;
    expect(renewed.secret).not.toBe(lost.secret);
    expect(fs.existsSync(path.join(licenceDir, `${lost.sn}.lic`))).toBe(true);
  });

  it('runs the fleet: every demo device dials the gateway and shows online, and offline once stopped', async () => {
    const seed = await seedDemo(t.app, t.database.db, t.config, quiet, { licenceDir });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const fleet = await startDemoFleet(seed.devices, port, quiet, {
      mqttPort: t.app.deviceLink.mqtt?.port,
      hj212Port: t.app.deviceLink.hj212?.port,
    });
    const admin = await t.login();
    const online = async () =>
      (await t.api(deviceApi.listAll, { pageSize: 1, sn: 'DEMO', onlineStatus: 'online' }, admin)).body.data
        .total as number;
    try {
      await expect.poll(online, { timeout: 30_000, interval: 500 }).toBe(TOTAL);
    } finally {
      await fleet.stop();
    }
    await expect.poll(online, { timeout: 15_000, interval: 500 }).toBe(0);
    // The universal gateways linked over MQTT, one dust monitor over HJ 212, the rest over the WebSocket.
    const rows = await t.database.db
      .select({ type: devices.type, transport: devices.transport, mn: devices.hj212Mn })
      .from(devices)
      .where(like(devices.sn, 'DEMO%'));
    const demoGateways = rows.filter((r) => r.type === 'gateway');
    expect(demoGateways.length).toBeGreaterThan(0);
    expect(demoGateways.every((r) => r.transport === 'mqtt')).toBe(true);
    expect(rows.filter((r) => r.mn === DEMO_HJ212.mn).map((r) => r.transport)).toEqual(['hj212']);
    expect(rows.filter((r) => r.type !== 'gateway' && !r.mn).every((r) => r.transport === 'ws')).toBe(true);
  }, 90_000);
});

describe('demo set-up when the server stops under it', () => {
  it('returns without a demo and says so in one line, no warning with a stack trace', async () => {
    const t = await createTestApp({ MQTT_PORT: '0', HJ212_PORT: '0' });
    const lines: { level: string; msg: string; err?: unknown }[] = [];
    const record = (level: string) => (obj: unknown, msg?: string) =>
      lines.push(typeof obj === 'string' ? { level, msg: obj } : { level, msg: msg ?? '', ...(obj as object) });
    const log = { info: record('info'), warn: record('warn'), debug: record('debug'), child: () => log };
    await t.close(); // a Ctrl+C as the demo starts: the server and its database close under the set-up
    const demo = await runDemo(t.app, t.database.db, t.config, 0, log as never, () => true);
    expect(demo).toBeNull();
    expect(lines).toEqual([{ level: 'info', msg: 'Demo set-up stopped: the server is shutting down' }]);
  });
});
