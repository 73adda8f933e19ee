import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createUser, userBody, createSignedInUser } from '../../../test/fixtures.ts';
import { fileUsersApp } from '../../../test/userApi.ts';
import { auditLog, files, sessions, users } from '../../db/schema/index.ts';
import { userApi } from '@siteops/contracts/user/api';

const { t, admin, a, userOfB, add, update, del, info } = await fileUsersApp();

describe('enable / disable', () => {
  it('disabling through update ends the user’s sessions at once (50012) and refuses login', async () => {
    const [u, token] = await createSignedInUser(t, admin);
    expect((await info(token)).body.code).toBe(200);
    expect((await update({ id: u.id, enabled: 'disable' })).status).toBe(200);
    const [live] = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(live.revokedAt).not.toBeNull();
    const after = await info(token);
    expect(after.body.code).toBe(50012);
    expect(after.body.msg).toMatch(/disabled/);
    const login = await t.api(userApi.login, { username: u.userName, password: u.password });
    expect(login.status).toBe(403);
    expect((await update({ id: u.id, enabled: 'enable' })).status).toBe(200);
    expect(await t.login(u.userName, u.password)).toBeTruthy();
  });

  it('an agent disabling one of its users works the same', async () => {
    const [u, token] = await createSignedInUser(t, a.token);
    expect((await update({ id: u.id, enabled: 'disable' }, a.token)).status).toBe(200);
    expect((await info(token)).body.code).toBe(50012);
  });

  it('nobody disables or demotes themselves', async () => {
    const me = (await info(admin)).body.data.id;
    expect((await update({ id: me, enabled: 'disable' })).status).toBe(409);
    expect((await update({ id: me, role: 'user' })).status).toBe(409);
    expect((await update({ id: a.userId, enabled: 'disable' }, a.token)).status).toBe(409);
  });

  it('a duplicate account name on add or update is 409 naming the field for the form', async () => {
    const u = await createUser(t, admin);
    const res = await update({ id: u.id, userName: 'admin' });
    expect(res.status).toBe(409);
    expect(res.body.data).toEqual({ field: 'userName' });
    const again = await add(await userBody(t, admin, { userName: u.userName }));
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(`The account ${u.userName} already exists`);
    expect(again.body.data).toEqual({ field: 'userName' });
  });
});

describe('user delete', () => {
  it('nobody deletes themselves', async () => {
    const me = (await info(admin)).body.data.id;
    const res = await del([me]);
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/your own account/);
  });

  it('the last enabled admin stays: only admin left refuses to delete itself, a second admin can go', async () => {
    const second = await createUser(t, admin, { role: 'admin' });
    const third = await createUser(t, admin, { role: 'admin' });
    const secondToken = await t.login(second.userName, second.password);
    expect((await del([third.id], secondToken)).status).toBe(200);
    expect((await del([second.id, (await info(admin)).body.data.id], secondToken)).status).toBe(409);
  });

  it('is all or none: an id out of scope in the batch deletes nothing', async () => {
    const mine = await createUser(t, a.token);
    const res = await del([mine.id, userOfB.id], a.token);
    expect(res.status).toBe(404);
    expect(await t.database.db.select().from(users).where(eq(users.id, mine.id))).toHaveLength(1);
    expect((await del([mine.id], a.token)).status).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, mine.id))).toHaveLength(0);
  });

  it('takes the user’s sessions and image records along, and audits it', async () => {
    const u = await createUser(t, admin);
    await t.login(u.userName, u.password);
    expect((await del([u.id])).status).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    expect(await t.database.db.select().from(files).where(eq(files.ownerId, u.id))).toHaveLength(0);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(u.id)));
    expect(audit.map((r) => r.action)).toContain('user.delete');
  });
});

describe('every user mutation is audited with field names and masked values', () => {
  it('update records the changed field names; idNo only masked', async () => {
    const u = await createUser(t, admin);
    const idNo = '44030619851230123X';
    await update({ id: u.id, realName: 'Audit Me', idNo });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(u.id)));
    const row = rows.find((r) => r.action === 'user.update')!;
    const detail = row.detail as { fields: string[]; values: Record<string, string> };
    expect(detail.fields.sort()).toEqual(['idNo', 'realName']);
    expect(detail.values.idNo).toBe('440***********123X');
    expect(JSON.stringify(rows)).not.toContain(idNo);
    expect(row.actorName).toBe('admin');
    expect(row.ip).toBeTruthy();
  });

  it('update records what changed, before and after: a phone masked on both sides, the same ID number not listed', async () => {
    const idNo = '44030619851230123X';
    const u = await createUser(t, admin, { phone: '13800138000', idNo, realName: 'Before' });
    // The form posts every field; only what differs is a change.
    await update({ id: u.id, phone: '13912345678', idNo, realName: 'Before', nickName: 'after' });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(u.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row.action).toBe('user.update');
    expect((row.detail as { changes: unknown }).changes).toEqual([
      { field: 'nickName', before: 'zs', after: 'after' },
      { field: 'phone', before: '138****8000', after: '139****5678' },
    ]);
    expect(JSON.stringify(row.detail)).not.toMatch(/13800138000|13912345678|44030619851230123X/);
  });
});
