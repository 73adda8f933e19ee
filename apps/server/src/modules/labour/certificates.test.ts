import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { labourApi } from '@siteops/contracts/labour/api';
import { expectFieldsNamed, fileTestApp, injectOfUnchecked, queryOf } from '../../../test/harness.ts';
import { inChinese, lastAuditChanges, multipart } from '../../../test/fixtures.ts';
import { firstSheetAt } from '../../../test/workbooks.ts';
import { auditLog, labourCertificates } from '../../db/schema/index.ts';
import path from 'node:path';
import { faceJpeg } from '../visitor/testkit.ts';
import { sweepPhotos } from '../visitor/photo.ts';
import { LocalStorage } from '../../storage/local.ts';
import { recheckCertificateBars, scheduleCertificateCheck } from './certificateGate.ts';
import { workerGates } from './gate.ts';
import { labourWorld, mainlandId, uploadLabourPhoto } from './testkit.ts';

const { t, admin } = await fileTestApp();
const w = await labourWorld(t, admin);

/** The project's today (UTC+8, the default wall clock) moved by `days`. */
const day = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

const photo = (token = admin) => uploadLabourPhoto(t, token, Buffer.from(faceJpeg(320, 200)), 'card.jpg');

const cert = (workerId: number, body: Record<string, unknown> = {}) => ({
  workerId,
  type: 'weldingCutting' as const,
  number: `T${Math.floor(Math.random() * 1e9)}`,
  issuedBy: 'Emergency Management Bureau',
  validUntil: day(400),
  ...body,
});

describe('workers’ certificates', () => {
  it('adds, changes and deletes a certificate; the worker’s required one is valid, expiring, expired or missing', async () => {
    const welder = await w.addWorker(w.a1, { trade: 'welder', realName: 'Welder One' }, w.managerToken);
    const state = async () => (await w.ok(labourApi.detail, { id: welder }, w.managerToken)).certificateState;
    expect(await state()).toBe('missing');

    const card = await photo(w.managerToken);
    const { id } = await w.ok(labourApi.addCertificate, cert(welder, { photo: card }), w.managerToken);
    const listed = await w.ok(labourApi.certificates, { id: welder }, w.managerToken);
    expect(listed).toMatchObject({ workerId: welder, certificateState: 'valid' });
    expect(listed.list[0]).toMatchObject({ id, type: 'weldingCutting', state: 'valid', required: true, photo: card });
    expect(listed.list[0].photoUrl).toMatch(/^\/api\/visitor\/photo\//);
    // The photo sweep keeps a card photo a certificate points at (and drops an unused upload).
    const unused = await photo(w.managerToken);
    const swept = await sweepPhotos(t.database.db, new LocalStorage(path.join(t.config.dataDir, 'files')), -1000);
    expect(swept).toContain(unused);
    expect(swept).not.toContain(card);
    expect(await w.ok(labourApi.detail, { id: welder })).toMatchObject({
      certificateState: 'valid',
      certificateValidUntil: day(400),
      offTerminals: false,
    });

    // Within 30 days: flagged in the list and its filter.
    await w.ok(labourApi.updateCertificate, { id, validUntil: day(10) }, w.managerToken);
    expect(await lastAuditChanges(t, 'labour.updateCertificate', id)).toEqual([
      { field: 'validUntil', before: day(400), after: day(10) },
    ]);
    const expiring = await w.ok(labourApi.listAll, { projectId: w.a1, certificateState: 'expiring' }, w.managerToken);
    expect(expiring.list.map((x) => x.id)).toContain(welder);
    expect(expiring.list.find((x) => x.id === welder)).toMatchObject({ certificateValidUntil: day(10) });

    // Expired yesterday; a valid certificate of a type the trade does not accept changes nothing.
    await w.ok(labourApi.updateCertificate, { id, validUntil: day(-1) }, w.managerToken);
    await w.ok(labourApi.addCertificate, cert(welder, { type: 'workAtHeight' }), w.managerToken);
    expect(await state()).toBe('expired');
    const list = await w.ok(labourApi.certificates, { id: welder });
    expect(list.list.map((x) => [x.type, x.state, x.required])).toEqual([
      ['workAtHeight', 'valid', false],
      ['weldingCutting', 'expired', true],
    ]);
    expect(
      (await w.ok(labourApi.listAll, { projectId: w.a1, certificateState: 'valid' })).list.map((x) => x.id),
    ).not.toContain(welder);

    // Deleted: missing again. A trade that requires none has no state.
    await w.ok(labourApi.deleteCertificate, { ids: [id] }, w.managerToken);
    expect(await state()).toBe('missing');
    const carpenter = await w.addWorker(w.a1, { trade: 'carpenter' });
    expect(await w.ok(labourApi.detail, { id: carpenter })).toMatchObject({ certificateState: null });
    // An electrician is satisfied by either of its accepted types.
    const electrician = await w.addWorker(w.a1, { trade: 'electrician' });
    await w.ok(labourApi.addCertificate, cert(electrician, { type: 'buildingElectrician', validUntil: day(0) }));
    expect(await w.ok(labourApi.detail, { id: electrician })).toMatchObject({ certificateState: 'expiring' });
  });

  it('names each bad field, in the caller’s language; the same type and number twice is a 409 naming number', async () => {
    const worker = await w.addWorker(w.a1, { trade: 'welder' });
    const bad = await t.api(
      labourApi.addCertificate,
      { workerId: worker, type: 'driving', number: ' ', validUntil: '2026-02-30' } as never,
      admin,
    );
    expectFieldsNamed(bad, ['type', 'number', 'validUntil']);
    const zh = await t.api(
      labourApi.addCertificate,
      { workerId: worker, type: 'weldingCutting' } as never,
      inChinese(admin),
    );
    expectFieldsNamed(zh, ['number', 'validUntil']);
    expect(zh.body.msg).toMatch(/证书编号|有效期至/);

    // A photo someone else uploaded (or none uploaded) is refused beside the field.
    const notMine = await photo(admin);
    expectFieldsNamed(await t.api(labourApi.addCertificate, cert(worker, { photo: notMine }), w.managerToken), [
      'photo',
    ]);

    const first = cert(worker, { number: 'HZ-0001' });
    await w.ok(labourApi.addCertificate, first);
    const dup = await t.api(labourApi.addCertificate, first, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.data).toMatchObject({ field: 'number' });
    const other = await w.ok(labourApi.addCertificate, cert(worker, { number: 'HZ-0002' }));
    const clash = await t.api(labourApi.updateCertificate, { id: other.id, number: 'HZ-0001' }, admin);
    expect(clash.status).toBe(409);
    expectFieldsNamed(await t.api(labourApi.updateCertificate, { id: other.id, validUntil: 'soon' }, admin), [
      'validUntil',
    ]);
  });

  it('another project’s workers and certificates are 404 to an agent or manager outside it', async () => {
    const inB = await w.addWorker(w.b1, { trade: 'welder' });
    const inA2 = await w.addWorker(w.a2, { trade: 'welder' });
    const certB = (await w.ok(labourApi.addCertificate, cert(inB))).id;
    const certA2 = (await w.ok(labourApi.addCertificate, cert(inA2))).id;
    for (const [token, worker, certificate] of [
      [w.agentA, inB, certB],
      [w.managerToken, inB, certB],
      [w.managerToken, inA2, certA2],
      [w.agentB, inA2, certA2],
    ] as const) {
      expect((await t.api(labourApi.certificates, { id: worker }, token)).status).toBe(404);
      expect((await t.api(labourApi.addCertificate, cert(worker), token)).status).toBe(404);
      expect((await t.api(labourApi.updateCertificate, { id: certificate, number: 'X' }, token)).status).toBe(404);
      expect((await t.api(labourApi.deleteCertificate, { ids: [certificate] }, token)).status).toBe(404);
      const exported = await t.app.inject(
        injectOfUnchecked(
          labourApi.exportWorkers,
          queryOf(`projectId=${w.b1}`),
          token === w.agentB ? w.managerToken : token,
        ),
      );
      expect(exported.statusCode).toBe(404);
    }
    // Nothing was changed or removed.
    const rows = await t.database.db.select().from(labourCertificates).where(eq(labourCertificates.workerId, inB));
    expect(rows.map((r) => r.number)).not.toContain('X');
    expect(rows).toHaveLength(1);
    // Its own agent sees them.
    expect((await w.ok(labourApi.certificates, { id: inB }, w.agentB)).list).toHaveLength(1);
  });

  it('with the project’s setting on, a worker without a valid required certificate is kept off the terminals', async () => {
    const project = w.a2;
    const welder = await w.addWorker(project, { trade: 'welder' });
    const carpenter = await w.addWorker(project, { trade: 'carpenter' });
    const off = async (id: number) => (await w.ok(labourApi.detail, { id })).offTerminals;
    expect(await off(welder)).toBe(false);
    const settings = await w.ok(
      labourApi.updateSettings,
      { projectId: project, requireValidCertificate: true },
      w.agentA,
    );
    expect(settings).toMatchObject({ requireValidCertificate: true, cutoffHour: 4 });
    expect(await lastAuditChanges(t, 'labour.updateSettings', project)).toEqual([
      { field: 'requireValidCertificate', before: false, after: true },
    ]);
    expect(await w.ok(labourApi.settings, { projectId: project })).toMatchObject({ requireValidCertificate: true });
    expect([await off(welder), await off(carpenter)]).toEqual([true, false]);
    // A new worker of the trade is barred from the start; a valid certificate lifts it.
    const late = await w.addWorker(project, { trade: 'welder' });
    expect(await off(late)).toBe(true);
    const { id } = await w.ok(labourApi.addCertificate, cert(welder, { validUntil: day(0) }));
    expect(await off(welder)).toBe(false);
    // Its certificate expires overnight: the periodic check bars it again (and only it).
    await t.database.db
      .update(labourCertificates)
      .set({ validUntil: day(-1) })
      .where(eq(labourCertificates.id, id));
    const gates = workerGates();
    // (The server's own run, 5 s after its start, may have got there first: then it changed nothing here.)
    const changed = await recheckCertificateBars(t.database.db, gates, sql`w.project_id = ${project}`);
    expect(changed.filter((x) => x !== welder)).toEqual([]);
    expect(await off(welder)).toBe(true);
    expect(await recheckCertificateBars(t.database.db, gates, sql`w.project_id = ${project}`)).toEqual([]);
    // The scheduled check does it by itself (its first run comes shortly after a start, then periodically).
    const worker = await w.addWorker(project, { trade: 'welder' });
    const lapsing = (await w.ok(labourApi.addCertificate, cert(worker, { validUntil: day(30) }))).id;
    expect(await off(worker)).toBe(false);
    await t.database.db
      .update(labourCertificates)
      .set({ validUntil: day(-2) })
      .where(eq(labourCertificates.id, lapsing));
    const hooks: (() => Promise<void>)[] = [];
    const stop = scheduleCertificateCheck(
      { log: t.app.log, addHook: ((_: string, fn: () => Promise<void>) => hooks.push(fn)) as never },
      t.database.db,
      gates,
      { firstMs: 10, everyMs: 50 },
    );
    try {
      await expect.poll(() => off(worker), { timeout: 10_000 }).toBe(true);
    } finally {
      stop();
    }
    expect(hooks).toHaveLength(1);

    // Turned off: nobody is kept off.
    await w.ok(labourApi.updateSettings, { projectId: project, requireValidCertificate: false });
    expect([await off(welder), await off(late), await off(worker)]).toEqual([false, false, false]);
  });
});

describe('roster export', () => {
  it('answers the project’s workers in the import template’s columns, ID and bank card numbers masked; it imports again', async () => {
    const project = w.a1;
    await w.ok(labourApi.addTeam, { projectId: project, name: 'Export team' });
    const teamId = (await w.ok(labourApi.teams, { projectId: project, name: 'Export team' })).list[0].id;
    const idNo = mainlandId('19800808');
    await w.addWorker(project, {
      realName: 'Export Me',
      idNo,
      trade: 'rebarWorker',
      teamId,
      entryDate: '2026-10-09',
      bankCardNo: '6222 0212 3456 7890 123',
    });
    const ws = await firstSheetAt(t, labourApi.exportWorkers, `projectId=${project}&lang=en-US`, w.managerToken);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Name *',
      'ID type',
      'ID number *',
      'Phone *',
      'Trade *',
      'Team',
      'Entry date',
      'Wage bank card number',
    ]);
    const all = (await w.ok(labourApi.listAll, { projectId: project, pageSize: 200 })).total;
    expect(ws.actualRowCount).toBe(all + 1);
    const row = (ws.getSheetValues() as unknown[][]).find((r) => r?.[1] === 'Export Me')!;
    expect(row.slice(1)).toEqual([
      'Export Me',
      'Resident ID card',
      `${idNo.slice(0, 3)}${'*'.repeat(11)}${idNo.slice(-4)}`,
      '13800138000',
      'Rebar worker',
      'Export team',
      '2026-10-09',
      '622************0123',
    ]);
    // In Chinese.
    const zh = await firstSheetAt(t, labourApi.exportWorkers, `projectId=${project}&lang=zh-CN`, w.managerToken);
    expect((zh.getSheetValues() as unknown[][]).find((r) => r?.[1] === 'Export Me')!.slice(2, 6)).toEqual([
      '居民身份证',
      expect.stringContaining('*'),
      '13800138000',
      '钢筋工',
    ]);
  });

  it('reveals ID and bank card numbers to an admin only, audited; the revealed file imports into another project', async () => {
    const project = w.b1;
    const idNo = mainlandId('19750101');
    await w.addWorker(project, { realName: 'Reveal Me', idNo, trade: 'welder', bankCardNo: '6222021234567890123' });
    const forbidden = await t.app.inject(
      injectOfUnchecked(labourApi.exportWorkers, queryOf(`projectId=${project}&reveal=1`), w.agentB),
    );
    expect(forbidden.statusCode).toBe(403);

    const res = await t.app.inject(
      injectOfUnchecked(labourApi.exportWorkers, queryOf(`projectId=${project}&reveal=1&lang=zh-CN`), admin),
    );
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const row = (wb.worksheets[0].getSheetValues() as unknown[][]).find((r) => r?.[1] === 'Reveal Me')!;
    expect(row[3]).toBe(idNo);
    expect(row[8]).toBe('6222021234567890123');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'labour.reveal'));
    expect(audits.find((a) => a.targetId === String(project))).toMatchObject({
      actorName: 'admin',
      targetType: 'project',
    });
    expect(JSON.stringify(audits)).not.toContain(idNo);

    // The file as it came: imported into another agent's project, the same workers.
    const other = w.a2;
    const form = multipart(
      res.rawPayload,
      'roster.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const imported = await t.api.raw(
      labourApi.importWorkers,
      { contentType: form.headers['content-type'], payload: form.payload },
      { projectId: other, lang: 'en-US' },
      admin,
    );
    expect(imported.body.data, JSON.stringify(imported.body.data?.errors)).toMatchObject({
      committed: true,
      failed: 0,
    });
    const again = (await w.ok(labourApi.listAll, { projectId: other, idNo })).list[0];
    expect(again).toMatchObject({ realName: 'Reveal Me', trade: 'welder', phone: '13800138000' });
  });
});
