import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { expectFieldError } from '../../../test/harness.ts';
import { createUser, userBody, createSignedInUser } from '../../../test/fixtures.ts';
import { fileUsersApp } from '../../../test/userApi.ts';
import { users } from '../../db/schema/index.ts';

const { t, admin, a, b, userOfB, add, update, del, list, detail, ids } = await fileUsersApp();

describe('agent scope over users', () => {
  it('an agent creates users only in its own agent, never admins', async () => {
    const { id } = await createUser(t, a.token, { role: 'manager' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row.agentId).toBe(a.id);
    expect((await add(await userBody(t, a.token, { role: 'admin' }), a.token)).status).toBe(403);
    const other = await add(await userBody(t, a.token, { agentId: b.id }), a.token);
    expectFieldError(other, 'agentId');
  });

  it('listAll: an agent sees only its agent’s users; the admin sees all', async () => {
    const mine = await list('pageSize=200', a.token);
    expect(mine.body.data.list.length).toBeGreaterThan(0);
    expect(mine.body.data.list.every((u: { agentId: number }) => u.agentId === a.id)).toBe(true);
    expect(ids(mine)).not.toContain(userOfB.id);
    // Filtering by the other agent does not widen the scope.
    expect((await list(`agentId=${b.id}`, a.token)).body.data.total).toBe(0);
    expect(ids(await list('pageSize=200'))).toContain(userOfB.id);
  });

  it('detail, update and delete of another tenant’s user are 404 and change nothing', async () => {
    expect((await detail(userOfB.id, a.token)).status).toBe(404);
    const upd = await update({ id: userOfB.id, realName: 'Hijacked' }, a.token);
    expect(upd.status).toBe(404);
    const rm = await del([userOfB.id], a.token);
    expect(rm.status).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userOfB.id));
    expect(row.realName).not.toBe('Hijacked');
  });

  it('a 404 out of scope looks exactly like a missing id', async () => {
    const outside = await detail(userOfB.id, a.token);
    const missing = await detail(9_999_999, a.token);
    expect(outside.body).toEqual({ ...missing.body });
  });

  it('an agent updates its own users but cannot promote them to admin or move them', async () => {
    const { id } = await createUser(t, a.token);
    expect((await update({ id, realName: 'Renamed' }, a.token)).status).toBe(200);
    expect((await detail(id, a.token)).body.data.realName).toBe('Renamed');
    expect((await update({ id, role: 'admin' }, a.token)).status).toBe(403);
    expect((await update({ id, agentId: b.id }, a.token)).status).toBe(400);
  });

  it('manager and user cannot list users (403 by role)', async () => {
    const m = await createUser(t, admin, { role: 'manager' });
    const u = await createUser(t, admin, { role: 'user' });
    for (const who of [m, u]) {
      const res = await list('', await t.login(who.userName, who.password));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(40300);
    }
  });

  it('a user may read its own detail but nobody else’s', async () => {
    const [u, token] = await createSignedInUser(t, admin);
    expect((await detail(u.id, token)).status).toBe(200);
    expect((await detail(userOfB.id, token)).status).toBe(404);
  });
});
