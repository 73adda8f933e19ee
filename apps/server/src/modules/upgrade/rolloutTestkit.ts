import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import type { SimDevice, SimDeviceOptions } from '@siteops/device-sim/device';
import { devices, upgradeJobs, upgradeRollouts } from '../../db/schema/index.ts';
import { multipart } from '../../../test/fixtures.ts';
import { formBody } from '../../../test/harness.ts';
import { upgradeApi } from '@siteops/contracts/upgrade/api';
import { startLinkApp, type LinkTestApp } from '../device-link/testkit.ts';

/** Rounds every 50 ms, the first retry after 0.2 s, 1.5 s for a device to take the command. */
export const FAST_ROLLOUTS = { tickMs: 50, retryBaseS: 0.2, commandTimeoutMs: 1_500, linkRecheckMs: 200 };

export interface RolloutTestApp extends LinkTestApp {
  dataDir: string;
}

/** A whole app on loopback with fast rollout rounds and packages stored under a fresh directory. */
export async function startRolloutApp(opts: Parameters<typeof startLinkApp>[0] = {}): Promise<RolloutTestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-rollout-'));
  const t = await startLinkApp({ rollouts: FAST_ROLLOUTS, ...opts, env: { DATA_DIR: dataDir, ...opts.env } });
  const close = t.close;
  return Object.assign(t, {
    dataDir,
    close: async () => {
      // A simulated device told to hang keeps its firmware download open; close would wait for it.
      setTimeout(() => t.app.server.closeAllConnections(), 1_000).unref();
      await close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/** Upload a package through the API; answers its id and bytes. */
export async function uploadPackage(
  t: LinkTestApp,
  token: string,
  o: { version: string; types?: DeviceType[]; size?: number; checkType?: 'MD5' | 'SHA1' | 'SHA256' },
) {
  const content = randomBytes(o.size ?? 64 * 1024);
  const body = multipart(content, `fw-${o.version}.bin`, 'application/octet-stream');
  const query = {
    fileVersion: o.version,
    deviceTypes: (o.types ?? ['face']).join(','),
    checkType: o.checkType ?? 'SHA256',
  };
  const res = await t.api.raw(upgradeApi.upload, formBody(body), query, token);
  if (res.body.code !== 200) throw new Error(`upload failed: ${res.body.msg}`);
  return { id: res.body.data.id as number, content };
}

/** `n` registered devices on `version`, each with a linked simulator unless `offline`. */
export async function fleet(
  t: LinkTestApp,
  n: number,
  o: { version?: string; type?: DeviceType; offline?: boolean; sim?: Partial<SimDeviceOptions> } = {},
) {
  const out: { id: number; sn: string; mac: string; secret: string; type: DeviceType; sim?: SimDevice }[] = [];
  for (let i = 0; i < n; i++) {
    const d = await t.addDevice({ type: o.type ?? 'face' });
    const versions = { version: o.version ?? '1.0.0' };
    const sim = o.offline ? undefined : t.sim(d, { rebootMs: 150, versions, ...o.sim });
    out.push({ ...d, sim });
  }
  await Promise.all(out.map((d) => d.sim?.waitFor('up', 10_000)));
  // The link stores a device's reported version a moment after it is up (presence flush): a rollout
  // created before that would record no "from" version.
  const online = out.filter((d) => d.sim).map((d) => d.id);
  if (online.length) {
    const known = () =>
      t.database.db
        .select({ id: devices.id })
        .from(devices)
        .where(and(inArray(devices.id, online), isNotNull(devices.version)));
    await eventually(async () => (await known()).length === online.length, 5_000, 'versions stored');
  }
  return out;
}

export const jobsOf = (t: LinkTestApp, rolloutId: number) =>
  t.database.db
    .select()
    .from(upgradeJobs)
    .where(eq(upgradeJobs.rolloutId, rolloutId))
    .orderBy(asc(upgradeJobs.groupNo), asc(upgradeJobs.id));

export const rolloutRow = async (t: LinkTestApp, id: number) =>
  (await t.database.db.select().from(upgradeRollouts).where(eq(upgradeRollouts.id, id)))[0];

/** Poll `fn` until it answers something truthy. */
export async function eventually<T>(fn: () => Promise<T | undefined | false | null>, timeoutMs = 10_000, what = 'it') {
  const started = Date.now();
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}
