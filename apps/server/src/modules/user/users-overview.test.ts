import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAgent, createUser } from '../../../test/fixtures.ts';
import { fileUsersApp } from '../../../test/userApi.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { userApi } from '@siteops/contracts/user/api';

const { t, admin, a, b } = await fileUsersApp();

describe(`${userApi.overview.method} ${userApi.overview.path}`, () => {
  it('names what each activity row is about (never "user #7", never a file id)', async () => {
    const res = await t.api(userApi.overview, { limit: 50 }, admin);
    type Row = { targetType: string | null; targetId: string | null; targetName: string | null };
    const activity = res.body.data.activity as Row[];
    const aboutUsers = activity.filter((r) => r.targetType === 'user' && r.targetId);
    expect(aboutUsers.length).toBeGreaterThan(0);
    for (const row of aboutUsers) {
      const [user] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.id, Number(row.targetId)));
      if (user) expect(row.targetName).toBe(user.realName || user.userName);
    }
    for (const row of activity.filter((r) => r.targetType === 'file')) expect(row.targetId).toBeNull();
  });

  it('counts from real data in the caller’s scope', async () => {
    const all = await t.api(userApi.overview, {}, admin);
    expect(all.status).toBe(200);
    const [{ n }] = await t.database.db.$count(users).then((c) => [{ n: c }]);
    expect(all.body.data.counts.users).toBe(n);
    expect(all.body.data.counts.agents).toBeGreaterThanOrEqual(2);
    expect(all.body.data.visits.thisMonth).toBeGreaterThan(0);
    expect(all.body.data.activity.length).toBeGreaterThan(0);

    const agentView = await t.api(userApi.overview, {}, b.token);
    expect(agentView.body.data.counts.agents).toBe(1);
    const [{ m }] = await t.database.db
      .select({ m: users.id })
      .from(users)
      .where(eq(users.agentId, b.id))
      .then((rows) => [{ m: rows.length }]);
    expect(agentView.body.data.counts.users).toBe(m);
    // Agent B's activity never shows agent A's doings.
    for (const row of agentView.body.data.activity) expect(row.actorName).not.toBe(a.userName);
  });

  it('compares visits (logins) with last month', async () => {
    const c = await createAgent(t, admin);
    await t.login(c.userName, 'Passw0rd!');
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await t.database.db.insert(auditLog).values(
      [1, 2, 3, 4].map(() => ({
        actorId: c.userId,
        action: 'user.login',
        targetType: 'user',
        targetId: String(c.userId),
        createdAt: new Date(lastMonth.getTime() + 86_400_000),
      })),
    );
    const res = await t.api(userApi.overview, {}, c.token);
    expect(res.body.data.visits).toEqual({ thisMonth: 2, lastMonth: 4, change: -50 });
  });

  it('answers every role, scoped: a manager counts only itself and the people of its projects', async () => {
    const u = await createUser(t, admin, { role: 'manager' });
    const res = await t.api(userApi.overview, {}, await t.login(u.userName, u.password));
    expect(res.status).toBe(200);
    expect(res.body.data.counts).toMatchObject({ users: 1, agents: 0, projects: 0 });
    for (const row of res.body.data.activity) expect(row.actorName).toBe(u.userName);
  });
});
