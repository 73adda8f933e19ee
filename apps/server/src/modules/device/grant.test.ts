import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verifyLicence, type LicenceFile } from '@siteops/contracts/licence/verify';
import { createTestApp, fileTestApp, injectOf } from '../../../test/harness.ts';
import { createAgent, randomMac, uniq } from '../../../test/fixtures.ts';
import { auditLog, devices, licenceGrants } from '../../db/schema/index.ts';
import { secretMatches } from '../../crypto/deviceSecret.ts';
import { checkSigningKeyFingerprint, loadSigningKey } from './signingKey.ts';
import { deviceApi } from '@siteops/contracts/device/api';
import { platformApi } from '@siteops/contracts/platform/api';

const { t, admin } = await fileTestApp();

const upperMac = () => randomMac({ upperCase: true });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function addPlatform(expirationDate: string) {
  const res = await t.api(platformApi.add, { platformName: uniq('Platform '), expirationDate }, admin);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as number;
}
async function grant(body: Record<string, unknown>) {
  return t.api.unchecked(deviceApi.grant, { expiresAt: inDays(30), ...body }, admin);
}
async function publicKey(): Promise<string> {
  const res = await t.api(deviceApi.licencePublicKey, {});
  expect(res.status).toBe(200);
  return res.body.data.pem as string;
}
const deviceBySn = async (sn: string) => (await t.database.db.select().from(devices).where(eq(devices.sn, sn)))[0];

describe('licence grant', () => {
  it('creates the device, authorises it, keeps only the secret hash, and the file verifies with the public key', async () => {
    const sn = uniq('LIC');
    const mac = upperMac();
    const platform = await addPlatform(inDays(400));
    const res = await grant({ sn, mac: mac.toLowerCase(), platformIds: [platform], attachInfo: '{"type":"dust"}' });
    expect(res.body.code, res.body.msg).toBe(200);
    const { fileName, content, file, created, deviceId } = res.body.data as {
      fileName: string;
      content: string;
      file: LicenceFile;
      created: boolean;
      deviceId: number;
    };
    expect(fileName).toBe(`${sn}.lic`);
    expect(created).toBe(true);
    expect(JSON.parse(content)).toEqual(file);
    expect(file.licence).toMatchObject({ sn, mac, attachInfo: '{"type":"dust"}' });
    expect(file.licence.platforms).toHaveLength(1);
    expect(file.licence.expiresAt).toBe(`${inDays(30)}T23:59:59.999Z`);

    const pem = await publicKey();
    const check = verifyLicence(content, pem);
    expect(check.ok).toBe(true);

    const row = await deviceBySn(sn);
    expect(row).toMatchObject({ id: deviceId, mac, type: 'gateway', authStatus: 'authorize' });
    expect(row.secretHash).not.toContain(file.licence.deviceSecret);
    expect(secretMatches(file.licence.deviceSecret, row.secretHash)).toBe(true);
    expect(row.licenceExpiresAt?.toISOString()).toBe(file.licence.expiresAt);
    // Nothing in the database holds the secret itself.
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'device.grant'));
    expect(JSON.stringify(audits)).not.toContain(file.licence.deviceSecret);
    expect(audits.some((a) => a.targetId === String(deviceId))).toBe(true);
  });

  it('a tampered licence fails, an expired one reports expired', async () => {
    const res = await grant({ sn: uniq('LIC'), mac: upperMac() });
    const file = res.body.data.file as LicenceFile;
    const pem = await publicKey();
    const tampered = { ...file, licence: { ...file.licence, expiresAt: '2099-12-31T23:59:59.999Z' } };
    expect(verifyLicence(JSON.stringify(tampered), pem)).toMatchObject({ ok: false, reason: 'badSignature' });
    const otherKey = generateKeyPairSync('ed25519').publicKey;
    expect(verifyLicence(res.body.data.content, otherKey)).toMatchObject({ ok: false, reason: 'badSignature' });
    const later = new Date(Date.parse(file.licence.expiresAt) + 1000);
    expect(verifyLicence(res.body.data.content, pem, later)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('a new grant rotates the secret: the old one stops matching; both grants are in the history', async () => {
    const sn = uniq('ROT');
    const mac = upperMac();
    const add = await t.api(deviceApi.add, { type: 'face', sn, mac }, admin);
    expect(add.body.code, add.body.msg).toBe(200);
    const first = (await grant({ sn, mac })).body.data;
    expect(first.created).toBe(false);
    expect((await deviceBySn(sn)).type).toBe('face');
    const second = (await grant({ sn, mac, expiresAt: inDays(60) })).body.data;
    const row = await deviceBySn(sn);
    expect(secretMatches(first.file.licence.deviceSecret, row.secretHash)).toBe(false);
    expect(secretMatches(second.file.licence.deviceSecret, row.secretHash)).toBe(true);
    expect(row.licenceExpiresAt?.toISOString()).toBe(`${inDays(60)}T23:59:59.999Z`);

    const history = await t.api(deviceApi.grants, { sn }, admin);
    expect(history.body.data.total).toBe(2);
    expect(history.body.data.list[0]).toMatchObject({
      licenceId: second.file.licence.licenceId,
      sn,
      mac,
      issuedByName: 'admin',
      deviceId: add.body.data.id,
    });
    expect(history.body.data.list[1].licenceId).toBe(first.file.licence.licenceId);
    const byDevice = await t.api(deviceApi.grants, { deviceId: add.body.data.id, pageSize: 1 }, admin);
    expect(byDevice.body.data).toMatchObject({ total: 2, pageSize: 1 });
    expect(byDevice.body.data.list).toHaveLength(1);
    const rows = await t.database.db.select().from(licenceGrants).where(eq(licenceGrants.sn, sn));
    expect(rows).toHaveLength(2);
  });

  it('checks MAC, expiry and platforms', async () => {
    const sn = uniq('BAD');
    const fieldOf = (res: Awaited<ReturnType<typeof grant>>) => Object.keys(res.body.data?.fields ?? {});
    let res = await grant({ sn, mac: 'AA:BB:CC' });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toEqual(['mac']);
    res = await grant({ mac: upperMac() });
    expect(fieldOf(res)).toEqual(['sn']);
    res = await grant({ sn, mac: upperMac(), expiresAt: '2020-01-01' });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toEqual(['expiresAt']);
    res = await grant({ sn, mac: upperMac(), expiresAt: 'tomorrow' });
    expect(fieldOf(res)).toEqual(['expiresAt']);

    const expired = await addPlatform('2020-01-01');
    res = await grant({ sn, mac: upperMac(), platformIds: [expired] });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toEqual(['platformIds']);
    expect(res.body.msg).toContain('expired');
    res = await grant({ sn, mac: upperMac(), platformIds: [999_999] });
    expect(fieldOf(res)).toEqual(['platformIds']);

    const soon = await addPlatform(inDays(10));
    const later = await addPlatform(inDays(100));
    res = await grant({ sn, mac: upperMac(), platformIds: [soon], expiresAt: inDays(30) });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toEqual(['expiresAt']);
    // The latest of the chosen platforms bounds the expiry.
    res = await grant({ sn, mac: upperMac(), platformIds: [soon, later], expiresAt: inDays(100) });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.file.licence.platforms).toHaveLength(2);
    expect((await deviceBySn(sn)).authStatus).toBe('authorize');
    // Nothing was written by the refused attempts: exactly one grant for this sn.
    expect((await t.api(deviceApi.grants, { sn }, admin)).body.data.total).toBe(1);
  });

  it('refuses a MAC that differs from the registered device or belongs to another (409)', async () => {
    const sn = uniq('MAC');
    const mac = upperMac();
    expect((await grant({ sn, mac })).status).toBe(200);
    const other = await grant({ sn, mac: upperMac() });
    expect(other.status).toBe(409);
    expect(other.body.data).toEqual({ field: 'mac' });
    const taken = await grant({ sn: uniq('MAC'), mac });
    expect(taken.status).toBe(409);
    expect(taken.body.data).toEqual({ field: 'mac' });
  });

  it('answers the file itself with ?download=1', async () => {
    const sn = uniq('DL');
    const res = await t.app.inject(
      injectOf(deviceApi.grant, { download: '1', sn, mac: upperMac(), expiresAt: inDays(5) }, admin),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${sn}.lic"`);
    expect(verifyLicence(res.body, await publicKey()).ok).toBe(true);
    const pemFile = await t.app.inject(injectOf(deviceApi.licencePublicKey, { download: '1' }));
    expect(pemFile.headers['content-disposition']).toContain('.pem');
    expect(pemFile.body).toBe(await publicKey());
  });

  it('is for administrators; the public key is public and names its fingerprint', async () => {
    const agent = await createAgent(t, admin);
    expect(
      (await t.api(deviceApi.grant, { sn: uniq('X'), mac: upperMac(), expiresAt: inDays(3) }, agent.token)).status,
    ).toBe(403);
    expect((await t.api(deviceApi.grants, {}, agent.token)).status).toBe(403);
    expect((await t.api.unchecked(deviceApi.grant, {})).status).toBe(401);
    const key = await t.api(deviceApi.licencePublicKey, {});
    expect(key.body.data).toMatchObject({ algorithm: 'Ed25519', fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(key.body.data.pem).toContain('BEGIN PUBLIC KEY');
  });
});

describe('licence signing key', () => {
  it('comes from LICENCE_KEY_PEM when configured', async () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const other = await createTestApp({ LICENCE_KEY_PEM: pem.replace(/\n/g, '\\n') });
    try {
      const res = await other.api(deviceApi.licencePublicKey, {});
      expect(res.body.data.fingerprint).toBe(loadSigningKey({ pem, dataDir: '.tmp/unused' }).fingerprint);
    } finally {
      await other.close();
    }
  });

  it('a database refuses a second, different key', async () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const stranger = loadSigningKey({ pem, dataDir: '.tmp/unused' });
    await expect(checkSigningKeyFingerprint(t.database.db, stranger)).rejects.toThrow(/licence signing key differs/);
    const same = loadSigningKey({ dataDir: t.config.dataDir });
    await expect(checkSigningKeyFingerprint(t.database.db, same)).resolves.toBeUndefined();
  });

  it('refuses a key that is not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(() => loadSigningKey({ pem: rsa.toString(), dataDir: '.tmp/unused' })).toThrow(/Ed25519/);
  });
});
