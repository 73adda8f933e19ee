import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { labourApi } from '@siteops/contracts/labour/api';
import { expectFieldError, fileTestApp } from '../../../test/harness.ts';
import { createUser, inChinese, lastAudit, lastAuditChanges } from '../../../test/fixtures.ts';
import { labourWorkers } from '../../db/schema/index.ts';
import { labourWorld, mainlandId } from './testkit.ts';

const { t, admin } = await fileTestApp();
const w = await labourWorld(t, admin);

describe('labour register: workers', () => {
  it('registers a worker: ID number encrypted and masked, gender and birth date read from a mainland number', async () => {
    const idNo = mainlandId('19850214', false);
    const id = await w.addWorker(w.a1, { idNo, realName: 'Han Meimei', gender: 'male' }, w.managerToken);
    const [row] = await t.database.db.select().from(labourWorkers).where(eq(labourWorkers.id, id));
    expect(row.idNo).toMatch(/^v1\./);
    expect(row.idNo).not.toContain(idNo);
    const item = await w.ok(labourApi.detail, { id }, w.managerToken);
    expect(item).toMatchObject({
      realName: 'Han Meimei',
      gender: 'female',
      birthDate: '1985-02-14',
      status: 'on_site',
      projectName: 'A1 site',
      idNo: `${idNo.slice(0, 3)}${'*'.repeat(11)}${idNo.slice(-4)}`,
    });
    const found = await w.ok(labourApi.listAll, { idNo: idNo.toLowerCase() }, w.managerToken);
    expect(found.list.map((x) => x.id)).toEqual([id]);
  });

  it('refuses a mainland number whose check digit is wrong, or whose birth date does not exist, in both languages', async () => {
    const good = mainlandId();
    const bad = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    const res = await t.api(labourApi.add, w.worker(w.a1, { idNo: bad }), admin);
    expectFieldError(res, 'idNo');
    expect(res.body.msg).toMatch(/check digit/);
    const zh = await t.api(labourApi.add, w.worker(w.a1, { idNo: bad }), inChinese(admin));
    expect(zh.body.msg).toMatch(/校验位/);
    expectFieldError(await t.api(labourApi.add, w.worker(w.a1, { idNo: '11010119900230123X' }), admin), 'idNo');
    expectFieldError(await t.api(labourApi.add, w.worker(w.a1, { idNo: '1101011990' }), admin), 'idNo');
    // Other documents are not read: gender and birth date as given.
    const id = await w.addWorker(w.a1, {
      idType: 'passport',
      idNo: 'E12345678',
      gender: 'male',
      birthDate: '1970-05-06',
    });
    expect(await w.ok(labourApi.detail, { id })).toMatchObject({ gender: 'male', birthDate: '1970-05-06' });
  });

  it('refuses the same ID number twice in a project, with 409 naming idNo; another project takes it', async () => {
    const idNo = mainlandId();
    await w.addWorker(w.a1, { idNo, realName: 'First' });
    const res = await t.api(labourApi.add, w.worker(w.a1, { idNo }), admin);
    expect(res.status).toBe(409);
    expect(res.body.data).toMatchObject({ field: 'idNo' });
    expect(res.body.msg).toContain('First');
    await w.addWorker(w.a2, { idNo });
  });

  it('refuses a person blacklisted on another project of the same agent, saying where and why; another agent may register it', async () => {
    const idNo = mainlandId();
    const id = await w.addWorker(w.a2, { idNo });
    expectFieldError(await t.api(labourApi.update, { id, status: 'blacklisted' }, admin), 'blacklistReason');
    await w.ok(labourApi.update, { id, status: 'blacklisted', blacklistReason: 'Fought on site' });
    const res = await t.api(labourApi.add, w.worker(w.a1, { idNo }), w.managerToken);
    expect(res.status).toBe(409);
    expect(res.body.data).toMatchObject({ field: 'idNo', reason: 'blacklisted' });
    expect(res.body.msg).toBe('This person is blacklisted on project A2 site: Fought on site');
    const zh = await t.api(labourApi.add, w.worker(w.a1, { idNo }), inChinese(w.managerToken));
    expect(zh.body.msg).toBe('此人已在项目 A2 site 被列入黑名单：Fought on site');
    await w.addWorker(w.b1, { idNo });
  });

  it('audits an update with what changed: ID, bank card and phone numbers masked on both sides', async () => {
    const idNo = mainlandId('19850214', true);
    const id = await w.addWorker(w.a1, { idNo, realName: 'Wang Wu' });
    const next = mainlandId('19850214', true);
    const card = '6222021234567890123';
    // Sent again unchanged: the name is no change.
    await w.ok(labourApi.update, { id, idNo: next, bankCardNo: card, phone: '13912345678', realName: 'Wang Wu' });
    const { row, changes } = await lastAudit(t, 'labour.update', id);
    const mask = (v: string) => `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}`;
    expect(changes).toEqual([
      { field: 'phone', before: '138****8000', after: '139****5678' },
      { field: 'bankCardNo', before: null, after: mask(card) },
      { field: 'idNo', before: mask(idNo), after: mask(next) },
    ]);
    expect(JSON.stringify(row.detail)).not.toMatch(new RegExp(`${idNo}|${next}|${card}|13912345678|v1\\.`));
  });

  it('leaving sets the exit date; an exit before the entry is refused', async () => {
    const id = await w.addWorker(w.a1);
    await w.ok(labourApi.update, { id, status: 'left' });
    const left = await w.ok(labourApi.detail, { id });
    expect(left.status).toBe('left');
    expect(left.exitDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expectFieldError(await t.api(labourApi.update, { id, exitDate: '2026-10-01' }, admin), 'exitDate');
  });

  it('teams with a leader of the project, subcontractors; a team of another project is refused', async () => {
    const sub = (await w.ok(labourApi.addSubcontractor, { projectId: w.a1, name: 'Hua Jian Labour Co.' })).id;
    const leader = await w.addWorker(w.a1, { realName: 'Leader Zhang', subcontractorId: sub });
    const team = (
      await w.ok(labourApi.addTeam, { projectId: w.a1, name: 'Rebar team 1', leaderId: leader, subcontractorId: sub })
    ).id;
    await w.ok(labourApi.update, { id: leader, teamId: team });
    const teams = await w.ok(labourApi.teams, { projectId: w.a1 }, w.managerToken);
    expect(teams.list).toEqual([
      expect.objectContaining({
        id: team,
        leaderName: 'Leader Zhang',
        subcontractorName: 'Hua Jian Labour Co.',
        onSite: 1,
      }),
    ]);
    const dup = await t.api(labourApi.addTeam, { projectId: w.a1, name: 'Rebar team 1' }, admin);
    expect(dup.status).toBe(409);
    const otherTeam = (await w.ok(labourApi.addTeam, { projectId: w.a2, name: 'A2 team' })).id;
    expectFieldError(await t.api(labourApi.add, w.worker(w.a1, { teamId: otherTeam }), admin), 'teamId');
    expectFieldError(
      await t.api(labourApi.addTeam, { projectId: w.a2, name: 'X', leaderId: leader }, admin),
      'leaderId',
    );
    await w.ok(labourApi.deleteTeam, { ids: [team] });
    expect((await w.ok(labourApi.detail, { id: leader })).teamId).toBeNull();
  });

  it('audits team and subcontractor updates with what changed, a phone masked on both sides', async () => {
    const sub = (await w.ok(labourApi.addSubcontractor, { projectId: w.a1, name: 'Audited Co.', phone: '13800138000' }))
      .id;
    await w.ok(labourApi.updateSubcontractor, { id: sub, name: 'Audited Co.', phone: '13912345678', contact: 'Li' });
    expect(await lastAuditChanges(t, 'labour.updateSubcontractor', sub)).toEqual([
      { field: 'contact', before: null, after: 'Li' },
      { field: 'phone', before: '138****8000', after: '139****5678' },
    ]);
    const team = (await w.ok(labourApi.addTeam, { projectId: w.a1, name: 'Audited team', subcontractorId: sub })).id;
    await w.ok(labourApi.updateTeam, { id: team, name: 'Audited team 2', subcontractorId: null });
    expect(await lastAuditChanges(t, 'labour.updateTeam', team)).toEqual([
      { field: 'name', before: 'Audited team', after: 'Audited team 2' },
      { field: 'subcontractorId', before: sub, after: null },
    ]);
  });

  it('scope: a manager sees its projects only, an agent its agent’s, another tenant’s rows are 404, users are refused', async () => {
    const inA2 = await w.addWorker(w.a2);
    const inB1 = await w.addWorker(w.b1);
    const managerList = await w.ok(labourApi.listAll, { pageSize: 200 }, w.managerToken);
    expect(managerList.list.every((x) => x.projectId === w.a1)).toBe(true);
    const agentList = await w.ok(labourApi.listAll, { pageSize: 200 }, w.agentA);
    expect(new Set(agentList.list.map((x) => x.projectId))).toEqual(new Set([w.a1, w.a2]));
    expect(agentList.list.some((x) => x.id === inA2)).toBe(true);
    expect((await t.api(labourApi.detail, { id: inA2 }, w.managerToken)).status).toBe(404);
    expect((await t.api(labourApi.detail, { id: inB1 }, w.agentA)).status).toBe(404);
    expect((await t.api(labourApi.add, w.worker(w.b1), w.agentA)).status).toBe(404);
    expect((await t.api(labourApi.delete, { ids: [inB1] }, w.agentA)).status).toBe(404);
    expect((await t.api(labourApi.daySheet, { projectId: w.b1, date: '2026-11-02' }, w.agentA)).status).toBe(404);
    const user = await createUser(t, admin, { role: 'user' });
    const userToken = await t.login(user.userName, user.password);
    expect((await t.api(labourApi.listAll, {}, userToken)).status).toBe(403);
  });
});
