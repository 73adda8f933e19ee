import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/harness.ts';
import { lastAuditChanges, uniq } from '../../../test/fixtures.ts';
import { twoTenants, type Person } from '../project/tenantsTestkit.ts';
import { auditLog } from '../../db/schema/index.ts';
import { announcementApi } from '@siteops/contracts/announcement/api';
import { notificationApi } from '@siteops/contracts/notification/api';

/**
 * Announcements: who may address whom (an agent its own agent's people, a manager its projects'; the
 * rest 403, other tenants' targets and announcements 404), publishing once into the notice tab of
 * exactly the audience (muted users left out), and the Workplace's "in force for me" list.
 */
const { t, admin } = await fileTestApp();
const { agentA, agentB, userA, userB, manager, member, p1, p2 } = await twoTenants(t, admin, 'AN-');

const draft = (overrides: Record<string, unknown> = {}) => ({
  title: uniq('Water off '),
  body: 'The water is off on Tuesday from 9:00 to 12:00.',
  audience: 'everyone',
  ...overrides,
});
const add = async (token: string, overrides: Record<string, unknown> = {}) => {
  const body = draft(overrides);
  const res = await t.api.unchecked(announcementApi.add, body, token);
  return { ...res, title: body.title, id: res.body.data?.id as number };
};
const publish = (token: string, id: number) => t.api(announcementApi.publish, { id }, token);
const notices = async (p: Person) =>
  (
    (await t.api(notificationApi.listAll, { tab: 'notice', pageSize: 200 }, p.token)).body.data.list as {
      title: string;
    }[]
  ).map((n) => n.title);
const latest = async (p: Person) =>
  ((await t.api(announcementApi.latest, { limit: 20 }, p.token)).body.data as { title: string }[]).map((a) => a.title);
const listed = async (token: string) =>
  ((await t.api(announcementApi.listAll, { pageSize: 200 }, token)).body.data.list as { id: number }[]).map(
    (a) => a.id,
  );

describe('who may address whom', () => {
  it("an agent announces only to its own agent's people; another agent's target and announcements are 404", async () => {
    expect((await add(agentA.token)).status).toBe(403);
    expect((await add(agentA.token, { audience: 'role', audienceRole: 'user' })).status).toBe(403);
    expect((await add(agentA.token, { audience: 'agent', audienceAgentId: agentB.id })).status).toBe(404);
    const own = await add(agentA.token, { audience: 'agent', audienceAgentId: agentA.id });
    expect(own.body.code, own.body.msg).toBe(200);

    expect(await listed(agentA.token)).toContain(own.id);
    expect(await listed(agentB.token)).not.toContain(own.id);
    expect(await listed(admin)).toContain(own.id);
    const rewrite = { id: own.id, ...draft({ audience: 'agent', audienceAgentId: agentB.id }) };
    expect((await t.api.unchecked(announcementApi.update, rewrite, agentB.token)).status).toBe(404);
    expect((await publish(agentB.token, own.id)).status).toBe(404);
    expect((await t.api(announcementApi.delete, { ids: [own.id] }, agentB.token)).status).toBe(404);
    // Nor can the owner move it to the other agent's people.
    expect((await t.api.unchecked(announcementApi.update, rewrite, agentA.token)).status).toBe(404);
  });

  it('a manager announces only to the people of the projects it manages; users may not announce', async () => {
    expect((await add(manager.token, { audience: 'project', audienceProjectId: p2 })).status).toBe(404);
    expect((await add(manager.token, { audience: 'agent', audienceAgentId: agentA.id })).status).toBe(403);
    const own = await add(manager.token, { audience: 'project', audienceProjectId: p1 });
    expect(own.body.code, own.body.msg).toBe(200);
    expect(await listed(manager.token)).toEqual([own.id]);
    expect((await add(userA.token)).status).toBe(403);
    expect((await t.api(announcementApi.listAll, {}, userA.token)).status).toBe(403);
  });

  it('bad input is a 400 naming the field; nothing is stored', async () => {
    const before = (await listed(admin)).length;
    const noTarget = await add(admin, { audience: 'agent' });
    expect(noTarget.status).toBe(400);
    expect(JSON.stringify(noTarget.body.data)).toContain('audienceAgentId');
    expect((await add(admin, { title: '  ' })).status).toBe(400);
    expect((await add(admin, { body: 'x'.repeat(2001) })).status).toBe(400);
    expect((await add(admin, { expiresAt: 'tomorrow' })).status).toBe(400);
    expect((await listed(admin)).length).toBe(before);
  });
});

describe('publishing', () => {
  it("reaches exactly its audience's users, once; they read it on the Workplace; others get 404", async () => {
    const toA = await add(admin, { audience: 'agent', audienceAgentId: agentA.id });
    expect(await latest(userA)).not.toContain(toA.title);
    const res = await publish(admin, toA.id);
    expect(res.body.code, res.body.msg).toBe(200);
    // The agent user, userA, the manager and the member: agent A's four users.
    expect(res.body.data.recipients).toBe(4);
    for (const p of [userA, manager, member, { id: agentA.userId, token: agentA.token }]) {
      expect(await notices(p)).toContain(`Announcement: ${toA.title}`);
      expect(await latest(p)).toContain(toA.title);
    }
    expect(await notices(userB)).not.toContain(`Announcement: ${toA.title}`);
    expect(await latest(userB)).not.toContain(toA.title);
    expect((await t.api(announcementApi.view, { id: toA.id }, userB.token)).status).toBe(404);
    expect((await t.api(announcementApi.view, { id: toA.id }, userA.token)).body.data.title).toBe(toA.title);

    const again = await publish(admin, toA.id);
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/already published/);
    expect((await notices(userA)).filter((n) => n === `Announcement: ${toA.title}`)).toHaveLength(1);
    // Its audience is fixed once published; its words are not.
    const moved = { id: toA.id, ...draft({ title: toA.title, audience: 'everyone' }) };
    expect((await t.api.unchecked(announcementApi.update, moved, admin)).status).toBe(409);
    const reworded = {
      id: toA.id,
      ...draft({ title: `${toA.title}!`, audience: 'agent', audienceAgentId: agentA.id }),
    };
    expect((await t.api.unchecked(announcementApi.update, reworded, admin)).body.code).toBe(200);
    expect(await latest(userA)).toContain(`${toA.title}!`);
    expect(await lastAuditChanges(t, 'announcement.update', toA.id)).toEqual([
      { field: 'title', before: toA.title, after: `${toA.title}!` },
    ]);
  });

  it("a project's people, a role: exactly those users", async () => {
    const toP1 = await add(manager.token, { audience: 'project', audienceProjectId: p1 });
    expect((await publish(manager.token, toP1.id)).body.data.recipients).toBe(2);
    expect(await notices(member)).toContain(`Announcement: ${toP1.title}`);
    expect(await notices(manager)).toContain(`Announcement: ${toP1.title}`);
    expect(await notices(userA)).not.toContain(`Announcement: ${toP1.title}`);
    expect(await latest(userA)).not.toContain(toP1.title);

    const toManagers = await add(admin, { audience: 'role', audienceRole: 'manager' });
    await publish(admin, toManagers.id);
    expect(await latest(manager)).toContain(toManagers.title);
    expect(await notices(manager)).toContain(`Announcement: ${toManagers.title}`);
    expect(await latest(userA)).not.toContain(toManagers.title);
    expect(await notices(userA)).not.toContain(`Announcement: ${toManagers.title}`);
  });

  it('a user who muted announcements gets no notice, but still sees it on the Workplace', async () => {
    const muted = { preferences: [{ kind: 'announcement' as const, console: false, email: false }] };
    expect((await t.api(notificationApi.savePreferences, muted, userB.token)).body.code).toBe(200);
    const all = await add(admin);
    const res = await publish(admin, all.id);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(await notices(userB)).not.toContain(`Announcement: ${all.title}`);
    expect(await notices(userA)).toContain(`Announcement: ${all.title}`);
    expect(await latest(userB)).toContain(all.title);
  });

  it('the Workplace lists pinned ones first and leaves out drafts and expired ones', async () => {
    const pinned = await add(admin, { pinned: true });
    const plain = await add(admin);
    const expired = await add(admin, { expiresAt: new Date(Date.now() + 1500).toISOString() });
    const unpublished = await add(admin);
    for (const a of [pinned, plain, expired]) await publish(admin, a.id);
    expect((await latest(userA)).slice(0, 3)).toContain(expired.title);
    await new Promise((r) => setTimeout(r, 1600));
    const now = await latest(userA);
    expect(now[0]).toBe(pinned.title);
    expect(now).toContain(plain.title);
    expect(now).not.toContain(expired.title);
    expect(now).not.toContain(unpublished.title);
    const statuses = (await t.api(announcementApi.listAll, { status: 'expired', pageSize: 200 }, admin)).body.data
      .list as {
      id: number;
    }[];
    expect(statuses.map((a) => a.id)).toContain(expired.id);
  });

  it('deleting is all or none and audited', async () => {
    const a = await add(admin);
    expect((await t.api(announcementApi.delete, { ids: [a.id, 2_000_000] }, admin)).status).toBe(404);
    expect(await listed(admin)).toContain(a.id);
    expect((await t.api(announcementApi.delete, { ids: [a.id] }, admin)).body.code).toBe(200);
    expect(await listed(admin)).not.toContain(a.id);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'announcement.delete'), eq(auditLog.targetId, String(a.id))));
    expect(rows).toHaveLength(1);
  });
});
