import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { devices } from '../../db/schema/index.ts';
import { startLinkApp } from '../../modules/device-link/testkit.ts';
import { ADMIN_PASSWORD } from '../../../test/template.ts';

/** The simulator's command line with a mixed fleet: WebSocket, MQTT and HJ 212 devices in one run. */
const t = await startLinkApp({ env: { MQTT_PORT: '0', HJ212_PORT: '0' } });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-sim-mixed-'));
let sim: ChildProcess | undefined;
afterAll(async () => {
  sim?.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const root = path.resolve(import.meta.dirname, '../../../../..');

describe('siteops-sim --transport mixed', () => {
  it('registers the fleet, enters the dust monitors MN and PW, and every device links over its transport', async () => {
    const prefix = `MIX${process.pid}`;
    const out: string[] = [];
    sim = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'packages/device-sim/src/cli.ts',
        '--register',
        '--licences',
        dir,
        '--prefix',
        prefix,
        '--count',
        '6',
        '--types',
        'dust,face,plate',
        '--transport',
        'mixed',
        '--url',
        `${t.base.replace('http', 'ws')}/gateway`,
        '--mqtt',
        `mqtt://127.0.0.1:${t.app.deviceLink.mqtt!.port}`,
        '--hj212',
        `127.0.0.1:${t.app.deviceLink.hj212!.port}`,
        '--admin',
        `admin:${ADMIN_PASSWORD}`,
        '--event-rate',
        '0',
        '--stats-seconds',
        '0',
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    sim.stdout!.on('data', (b: Buffer) => out.push(b.toString()));
    sim.stderr!.on('data', (b: Buffer) => out.push(b.toString()));

    const linked = async () =>
      (
        await t.database.db
          .select({
            type: devices.type,
            transport: devices.transport,
            status: devices.onlineStatus,
            mn: devices.hj212Mn,
          })
          .from(devices)
          .where(like(devices.sn, `${prefix}%`))
      )
        .filter((r) => r.status === 'online')
        .map((r) => `${r.type}:${r.transport}`)
        .sort();
    // Dealt round-robin: even places over WebSocket or, for a dust monitor, HJ 212; odd places over MQTT.
    await expect
      .poll(linked, { timeout: 30_000, interval: 500, message: out.join('') })
      .toEqual(['dust:hj212', 'dust:mqtt', 'face:mqtt', 'face:ws', 'plate:mqtt', 'plate:ws']);
  });
});
