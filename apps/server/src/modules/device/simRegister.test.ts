import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { DEVICE_TYPES } from '@siteops/contracts/device-protocol';
import { verifyLicence } from '@siteops/contracts/licence/verify';
import { simIdentity } from '@siteops/device-sim/fleet';
import { RegisterError, grantLicences, loadLicenceDir, saveLicence } from '@siteops/device-sim/licences';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/harness.ts';
import { uniq } from '../../../test/fixtures.ts';
import { secretMatches } from '../../crypto/deviceSecret.ts';
import { devices } from '../../db/schema/index.ts';
import { deviceApi } from '@siteops/contracts/device/api';

let t: TestApp;
let api: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  api = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteops-sim-lic-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe('simulator --register against the real grant endpoint', () => {
  it('logs in, grants one licence per device, and the saved files verify and name their type', async () => {
    const prefix = uniq('S').toUpperCase();
    const wanted = DEVICE_TYPES.map((type) => simIdentity(prefix, type, 1));
    await grantLicences(wanted, { api, username: 'admin', password: ADMIN_PASSWORD }, (l) => saveLicence(dir, l));
    const loaded = loadLicenceDir(dir);
    expect(loaded.map((l) => l.sn).sort()).toEqual(wanted.map((w) => w.sn).sort());
    const pem = (await t.api(deviceApi.licencePublicKey, {})).body.data.pem as string;
    for (const l of loaded) {
      expect(verifyLicence(fs.readFileSync(l.file, 'utf8'), pem).ok).toBe(true);
      expect(l.type).toBe(wanted.find((w) => w.sn === l.sn)!.type);
    }
    const rows = await t.database.db
      .select()
      .from(devices)
      .where(
        inArray(
          devices.sn,
          wanted.map((w) => w.sn),
        ),
      );
    expect(rows).toHaveLength(DEVICE_TYPES.length);
    for (const row of rows) {
      const l = loaded.find((x) => x.sn === row.sn)!;
      expect(row).toMatchObject({ authStatus: 'authorize', type: l.type, mac: l.mac });
      expect(secretMatches(l.secret, row.secretHash)).toBe(true);
    }
  });

  it('says why when the login is wrong', async () => {
    await expect(
      grantLicences([simIdentity('X', 'face', 1)], { api, username: 'admin', password: 'wrong-password' }),
    ).rejects.toThrow(RegisterError);
  });
});
