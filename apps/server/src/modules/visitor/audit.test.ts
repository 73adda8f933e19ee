import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { fileTestApp, expectFieldError } from '../../../test/harness.ts';
import { createAgent, idNumber, lastAuditChanges, randomMac, uniq } from '../../../test/fixtures.ts';
import { auditLog, visitors } from '../../db/schema/index.ts';
import { expireVisitors } from './audit.ts';
import { readPass } from './pass.ts';
import { visitorWorld, visitWindow } from './testkit.ts';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { DEFAULT_VISIT_HOURS } from '@siteops/contracts/visitor/schemas';
import { deviceApi } from '@siteops/contracts/device/api';

const { t, admin } = await fileTestApp();
const w = await visitorWorld(t, admin);

const audit = (body: object, token = admin) => t.api.unchecked(visitorApi.auditVisitor, body, token);
const update = (body: object, token = admin) => t.api.unchecked(visitorApi.update, body, token);
const one = async (id: number) => {
  const res = await t.api(visitorApi.listAll, { pageSize: 200 }, admin);
  return res.body.data.list.find((v: { id: number }) => v.id === id);
};
const gatePublicKey = async () => {
  const res = await t.api(deviceApi.licencePublicKey, {});
  return createPublicKey(res.body.data.pem);
};

describe('audit', () => {
  it('pass: valid, with auditor, time, opinion and a pass the gate verifies offline', async () => {
    const id = await w.add({ projectId: w.projectA });
    const res = await audit({ id, status: 'valid', remark: 'Expected by site office' }, w.managerToken);
    expect(res.status).toBe(200);
    const v = await one(id);
    expect(v).toMatchObject({
      status: 'valid',
      auditorId: w.manager.id,
      auditorName: w.manager.userName,
      auditRemark: 'Expected by site office',
    });
    expect(Date.now() - Date.parse(v.auditedAt)).toBeLessThan(60_000);
    const pass = readPass(await gatePublicKey(), v.qrCode);
    expect(pass).toEqual({
      id,
      p: w.projectA,
      nb: Math.floor(Date.parse(v.visitStart) / 1000),
      na: Math.floor(Date.parse(v.visitEnd) / 1000),
    });
    // A forged pass (another visitor id, same signature) does not verify.
    const [head, , sig] = v.qrCode.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...pass, id: id + 1 })).toString('base64url')}.${sig}`;
    expect(readPass(await gatePublicKey(), forged)).toBeNull();
  });

  it('not pass: invalid, pass withdrawn; re-audit can pass it later and revoke it again', async () => {
    const id = await w.add({ projectId: w.projectA });
    await audit({ id, status: 'invalid', remark: 'Unknown to the host' });
    expect(await one(id)).toMatchObject({ status: 'invalid', qrCode: null, auditRemark: 'Unknown to the host' });
    expect(await lastAuditChanges(t, 'visitor.reject', id)).toEqual([
      { field: 'status', before: 'new', after: 'invalid' },
      { field: 'auditRemark', before: null, after: 'Unknown to the host' },
    ]);
    await audit({ id, status: 'valid' });
    expect((await one(id)).qrCode).toMatch(/^SOV1\./);
    await audit({ id, status: 'invalid' });
    expect(await one(id)).toMatchObject({ status: 'invalid', qrCode: null, auditRemark: null });
  });

  it('never passes a visit that has ended (409)', async () => {
    const id = await w.add({
      projectId: w.projectA,
      visitStart: new Date(Date.now() - 7_200_000).toISOString(),
      visitEnd: new Date(Date.now() - 60_000).toISOString(),
    });
    const res = await audit({ id, status: 'valid' });
    expect(res.status).toBe(409);
    expect((await one(id)).status).toBe('new');
  });

  it('refuses an audit result other than valid or invalid (400)', async () => {
    const res = await audit({ id: w.visitorA, status: 'new' });
    expectFieldError(res, 'status');
  });

  it('changing who or when sends a passed visitor back to pending; other fields keep the audit', async () => {
    const id = await w.add({ projectId: w.projectA, idNo: idNumber() });
    await audit({ id, status: 'valid' });
    expect((await update({ id, phone: '13611112222', reasons: 'Delivery' })).status).toBe(200);
    expect((await one(id)).status).toBe('valid');
    expect((await update({ id, visitEnd: new Date(Date.now() + 9_000_000).toISOString() })).status).toBe(200);
    expect(await one(id)).toMatchObject({ status: 'new', qrCode: null, auditorId: null });
    await audit({ id, status: 'valid' });
    expect((await update({ id, idNo: idNumber() })).status).toBe(200);
    expect((await one(id)).status).toBe('new');
  });

  it('an edit that would end the visit before it starts is 400 naming visitEnd', async () => {
    const res = await update({ id: w.visitorA, visitEnd: '2000-01-01T00:00:00Z' });
    expectFieldError(res, 'visitEnd');
  });
});

describe('expiry', () => {
  it('a valid visitor whose visit has ended becomes invalid and loses its pass; others stay', async () => {
    const ending = await w.add({ projectId: w.projectA, ...visitWindow(1) });
    const staying = await w.add({ projectId: w.projectA, ...visitWindow(5) });
    await audit({ id: ending, status: 'valid' });
    await audit({ id: staying, status: 'valid' });
    const gone = await expireVisitors(t.database.db, new Date(Date.now() + 2 * 3_600_000));
    expect(gone.map((g) => g.id)).toContain(ending);
    expect(gone.map((g) => g.id)).not.toContain(staying);
    const [row] = await t.database.db.select().from(visitors).where(eq(visitors.id, ending));
    expect(row).toMatchObject({ status: 'invalid', qrCode: null });
    expect((await one(staying)).status).toBe('valid');
  });
});

describe('configuration (admin)', () => {
  it('lists every project with defaults, publishes a version, and registration follows it', async () => {
    const before = await t.api(visitorApi.listConfig, { projectId: w.projectB }, admin);
    expect(before.body.data.list[0]).toMatchObject({
      projectId: w.projectB,
      version: 0,
      autoApprove: false,
      publishedAt: null,
    });
    const body = {
      projectId: w.projectB,
      requiredFields: ['idNo'],
      defaultVisitHours: 4,
      autoApprove: true,
      notice: 'Wear a helmet',
      deviceIds: [],
    };
    const pub = await t.api.unchecked(visitorApi.publishConfig, body, admin);
    expect(pub.body.data).toMatchObject({
      version: 1,
      autoApprove: true,
      requiredFields: ['idNo'],
      publishedBy: 'admin',
    });
    const again = await t.api.unchecked(visitorApi.publishConfig, body, admin);
    expect(again.body.data.version).toBe(2);
    // Audited with what changed from the defaults; published again the same, nothing changed.
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'visitor.publishConfig'), eq(auditLog.targetId, String(w.projectB))))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => (a.detail as { changes: unknown }).changes)).toEqual([
      [
        { field: 'requiredFields', before: [], after: ['idNo'] },
        { field: 'defaultVisitHours', before: DEFAULT_VISIT_HOURS, after: 4 },
        { field: 'autoApprove', before: false, after: true },
        { field: 'notice', before: null, after: 'Wear a helmet' },
      ],
      [],
    ]);

    const base = { projectId: w.projectB, realName: 'Qian Qi', phone: '13700137000', ...visitWindow() };
    const noId = await t.api(visitorApi.add, base, admin);
    expectFieldError(noId, 'idNo');
    const ok = await t.api(visitorApi.add, { ...base, idNo: idNumber() }, admin);
    expect((await one(ok.body.data.id)).status).toBe('valid');
  });

  it('refuses devices that are not face devices of the project (400), and unknown projects (404)', async () => {
    const agent = await createAgent(t, admin);
    const dev = await t.api(
      deviceApi.add,
      { type: 'face', sn: uniq('SN'), mac: randomMac(), agentId: agent.id },
      admin,
    );
    expect(dev.body.code, dev.body.msg).toBe(200);
    const body = {
      projectId: w.projectA,
      requiredFields: [],
      defaultVisitHours: 8,
      autoApprove: false,
      deviceIds: [dev.body.data.id],
    };
    const res = await t.api(visitorApi.publishConfig, body, admin);
    expectFieldError(res, 'deviceIds');
    const missing = await t.api(visitorApi.publishConfig, { ...body, projectId: 987654, deviceIds: [] }, admin);
    expect(missing.status).toBe(404);
  });
});
