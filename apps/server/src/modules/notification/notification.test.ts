import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/harness.ts';
import { createAgent, createUser, inChinese } from '../../../test/fixtures.ts';
import { notificationApi } from '@siteops/contracts/notification/api';
import { userApi } from '@siteops/contracts/user/api';

/**
 * The message box: fed by a real event (a password changed or reset), read only by its owner (an
 * admin included: another user's id is 404 and never listed), counted per tab, marked read.
 */
const { t, admin } = await fileTestApp();
let user: { id: number; userName: string; password: string; token: string };
let other: string;

beforeAll(async () => {
  const u = await createUser(t, admin, { role: 'user' });
  user = { ...u, token: await t.login(u.userName, u.password) };
  const agent = await createAgent(t, admin);
  other = agent.token;
});

describe('notifications', () => {
  it('a changed password lands in its owner’s message tab, in the reader’s language', async () => {
    const res = await t.api(
      userApi.updatePasswd,
      {
        oldPassword: user.password,
        newPassword: 'N3w-Passw0rd!',
      },
      user.token,
    );
    expect(res.body.code, res.body.msg).toBe(200);
    user.password = 'N3w-Passw0rd!';

    const counts = await t.api(notificationApi.counts, {}, user.token);
    expect(counts.body.data).toEqual({ message: 1, notice: 0, todo: 0, total: 1 });
    const en = await t.api(notificationApi.listAll, { tab: 'message' }, user.token);
    expect(en.body.data.total).toBe(1);
    expect(en.body.data.list[0]).toMatchObject({
      tab: 'message',
      level: 'warning',
      title: 'Your password was changed',
      link: '/user/setting',
      read: false,
    });
    const zh = await t.api(notificationApi.listAll, {}, inChinese(user.token));
    expect(zh.body.data.list[0].title).toBe('您的密码已修改');
    expect((await t.api(notificationApi.listAll, { tab: 'notice' }, user.token)).body.data.total).toBe(0);
  });

  it('nobody else lists, counts or marks it, an admin included: its id answers 404', async () => {
    const mine = (await t.api(notificationApi.listAll, {}, user.token)).body.data.list[0];
    for (const token of [admin, other]) {
      const list = (await t.api(notificationApi.listAll, {}, token)).body.data.list as { id: number }[];
      expect(list.map((n) => n.id)).not.toContain(mine.id);
      const res = await t.api(notificationApi.read, { id: mine.id }, token);
      expect(res.status).toBe(404);
      expect((await t.api(notificationApi.readAll, {}, token)).body.data.updated).toBe(0);
    }
    expect((await t.api(notificationApi.counts, {}, user.token)).body.data.total).toBe(1);
  });

  it('an admin’s reset reaches the user; read marks one, readAll the rest, and the counts follow', async () => {
    const res = await t.api(userApi.resetPasswd, { id: user.id }, admin);
    expect(res.body.code, res.body.msg).toBe(200);
    user.token = await t.login(user.userName, res.body.data.oneTimePassword);
    // The reset password must be changed before anything else; the change is a third notification.
    const change = await t.api(
      userApi.updatePasswd,
      {
        oldPassword: res.body.data.oneTimePassword,
        newPassword: 'Th1rd-Passw0rd!',
      },
      user.token,
    );
    expect(change.body.code, change.body.msg).toBe(200);

    const list = (await t.api(notificationApi.listAll, {}, user.token)).body.data;
    expect(list.list.map((n: { title: string }) => n.title)).toEqual([
      'Your password was changed',
      'An administrator reset your password',
      'Your password was changed',
    ]);
    expect((await t.api(notificationApi.read, { id: list.list[1].id }, user.token)).body.code).toBe(200);
    // Twice is harmless.
    expect((await t.api(notificationApi.read, { id: list.list[1].id }, user.token)).body.code).toBe(200);
    expect((await t.api(notificationApi.counts, {}, user.token)).body.data).toMatchObject({ message: 2, total: 2 });
    const unread = (await t.api(notificationApi.listAll, { unread: 'true' }, user.token)).body.data;
    expect(unread.total).toBe(2);

    expect((await t.api(notificationApi.readAll, { tab: 'todo' }, user.token)).body.data.updated).toBe(0);
    expect((await t.api(notificationApi.readAll, {}, user.token)).body.data.updated).toBe(2);
    expect((await t.api(notificationApi.counts, {}, user.token)).body.data.total).toBe(0);
    const read = (await t.api(notificationApi.listAll, { unread: 'false' }, user.token)).body.data;
    expect(read.total).toBe(3);
    expect(read.list.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('bad input is a 400, an unknown id a 404', async () => {
    expect((await t.api.unchecked(notificationApi.listAll, { tab: 'spam' }, user.token)).status).toBe(400);
    expect((await t.api.unchecked(notificationApi.read, { id: 'x' }, user.token)).status).toBe(400);
    expect((await t.api(notificationApi.read, { id: 2_000_000_000 }, user.token)).status).toBe(404);
  });
});
