import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labourApi } from '@siteops/contracts/labour/api';
import type { LinkTestApp } from '../device-link/testkit.ts';
import { eventually, gateCalls, listedFaceTerminal, startGateWorld } from '../visitor/gateTestkit.ts';
import { faceJpeg } from '../visitor/testkit.ts';
import { sql } from 'drizzle-orm';
import { labourCertificates } from '../../db/schema/index.ts';
import { recheckCertificateBars } from './certificateGate.ts';
import { workerGates } from './gate.ts';
import { mainlandId, uploadLabourPhoto } from './testkit.ts';

/**
 * Workers on the face terminals (issue 35), against simulated terminals over the device link: an
 * on-site worker with a photo is enrolled as `W<id>` on its project's authorised terminals; its passes
 * become attendance; leaving or being blacklisted removes it from them.
 */
let t: LinkTestApp;
let admin: string;
let w: Awaited<ReturnType<typeof startGateWorld>>['w'];
let agentIdA: number;

beforeAll(async () => {
  ({ t, admin, w, agentIdA } = await startGateWorld());
});
afterAll(() => t?.close());

const { ok } = gateCalls(() => ({ t, admin }));

/** A face terminal of project A, on its access-device list (direction none), linked through a simulator. */
const terminal = () => listedFaceTerminal(t, admin, { agentId: agentIdA, projectId: w.projectA });

const photo = () => uploadLabourPhoto(t, admin, Buffer.from(faceJpeg(150, 200)), 'face.jpg');

/** What every worker here shares: project A, a mainland ID, a phone and a start on 1 November. */
const onProjectA = () => ({
  projectId: w.projectA,
  idType: 'mainland' as const,
  phone: '13800138000',
  entryDate: '2026-11-01',
});

/** A worker of project A in this trade, with a new ID number and a photo; answers its id. */
const addWorker = async (realName: string, trade: 'welder' | 'electrician') =>
  (await ok(labourApi.add, { ...onProjectA(), realName, trade, idNo: mainlandId(), photo: await photo() })).id;

describe('workers on the face terminals', () => {
  it('an on-site worker with a photo is enrolled, its passes are attendance, and leaving removes it', async () => {
    const face = await terminal();
    const id = await addWorker('Wang Gong', 'welder');
    const personId = `W${id}`;
    const held = await eventually(() => face.faces.get(personId), 'the terminal to hold the worker');
    expect(held).toMatchObject({ personId, name: 'Wang Gong', role: 'worker' });
    expect((await ok(labourApi.detail, { id })).photoUrl).toMatch(/^\/api\/visitor\/photo\//);

    // The terminal reports the worker in and out: the day sheet shows it.
    expect(face.sim.reportPass(personId, 'in').passed).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(face.sim.reportPass(personId, 'out').passed).toBe(true);
    const today = new Date(Date.now() + 8 * 3_600_000 - 4 * 3_600_000).toISOString().slice(0, 10);
    const row = await eventually(async () => {
      const sheet = await ok(labourApi.daySheet, { projectId: w.projectA, date: today });
      const r = (sheet.rows as { workerId: number; complete: boolean }[]).find((x) => x.workerId === id);
      return r?.complete ? r : undefined;
    }, 'the passes on the day sheet');
    expect(row).toMatchObject({ came: true, complete: true, passes: 2 });

    // Left: off the terminal.
    await ok(labourApi.update, { id, status: 'left' });
    await eventually(() => !face.faces.get(personId), 'the terminal to lose the worker');
  });

  it('a blacklisted worker is removed; one without a photo is never sent', async () => {
    const face = await terminal();
    const base = { ...onProjectA(), trade: 'carpenter' as const };
    const listed = (
      await ok(labourApi.add, { ...base, realName: 'To Blacklist', idNo: mainlandId(), photo: await photo() })
    ).id;
    const faceless = (await ok(labourApi.add, { ...base, realName: 'No Photo', idNo: mainlandId() })).id;
    await eventually(() => face.faces.get(`W${listed}`), 'the terminal to hold the worker');
    await ok(labourApi.update, { id: listed, status: 'blacklisted', blacklistReason: 'Safety violation' });
    await eventually(() => !face.faces.get(`W${listed}`), 'the terminal to lose the blacklisted worker');
    expect(face.faces.get(`W${faceless}`)).toBeUndefined();
  });

  it('with the project’s certificate setting on, an expired required certificate takes a worker off and a valid one puts it back', async () => {
    const face = await terminal();
    const id = await addWorker('Dian Gong', 'electrician');
    const personId = `W${id}`;
    const day = (n: number) => new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
    const certificate = (
      await ok(labourApi.addCertificate, {
        workerId: id,
        type: 'electricalWork',
        number: 'T-EL-1',
        validUntil: day(-3),
      })
    ).id;
    await eventually(() => face.faces.get(personId), 'the terminal to hold the worker while the setting is off');

    await ok(labourApi.updateSettings, { projectId: w.projectA, requireValidCertificate: true });
    await eventually(() => !face.faces.get(personId), 'the terminal to lose the worker with an expired certificate');
    expect(await ok(labourApi.detail, { id })).toMatchObject({ certificateState: 'expired', offTerminals: true });

    // A valid certificate entered: enrolled again, with its face.
    await ok(labourApi.updateCertificate, { id: certificate, validUntil: day(365) });
    const back = await eventually(() => face.faces.get(personId), 'the terminal to enrol the worker again');
    expect(back).toMatchObject({ personId, name: 'Dian Gong', role: 'worker' });

    // It expires overnight: the periodic check (what runs hourly and after a restart) takes it off again.
    await t.database.db
      .update(labourCertificates)
      .set({ validUntil: day(-1) })
      .where(sql`${labourCertificates.id} = ${certificate}`);
    // (The server's own run may get there first; either way only this worker moves.)
    const moved = await recheckCertificateBars(t.database.db, workerGates(), sql`w.project_id = ${w.projectA}`);
    expect(moved.filter((x) => x !== id)).toEqual([]);
    await eventually(() => !face.faces.get(personId), 'the terminal to lose the worker whose certificate expired');
    await ok(labourApi.updateSettings, { projectId: w.projectA, requireValidCertificate: false });
    await eventually(() => face.faces.get(personId), 'the terminal to hold the worker once the setting is off');
  });
});
