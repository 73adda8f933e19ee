import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../test/harness.ts';
import { createAgent, createUser } from '../../../test/fixtures.ts';

/**
 * The message box: fed by a real event (a password changed or reset), read only by its owner (an
 * admin included: another user's id is 404 and never listed), counted per tab, marked read.
 */
const { t, admin } = await fileTestApp();
let user: { id: number; userName: string; password: string; token: string };
let other: string;

const get = (url: string, token: string, lang?: string) =>
  t.call({ method: 'GET', url, token, headers: lang ? { 'accept-language': lang } : {} });
const put = (url: string, token: string, body: object) => t.call({ method: 'PUT', url, token, body });

beforeAll(async () => {
  const u = await createUser(t, admin, { role: 'user' });
  user = { ...u, token: await t.login(u.userName, u.password) };
  const agent = await createAgent(t, admin);
  other = agent.token;
});

describe('notifications', () => {
  it('a changed password lands in its owner’s message tab, in the reader’s language', async () => {
    const res = await put('/api/user/updatePasswd', user.token, {
      oldPassword: user.password,
      newPassword: 'N3w-Passw0rd!',
    });
    expect(res.body.code, res.body.msg).toBe(200);
    user.password = 'N3w-Passw0rd!';

    const counts = await get('/api/notification/counts', user.token);
    expect(counts.body.data).toEqual({ message: 1, notice: 0, todo: 0, total: 1 });
    const en = await get('/api/notification/listAll?tab=message', user.token);
    expect(en.body.data.total).toBe(1);
    expect(en.body.data.list[0]).toMatchObject({
      tab: 'message',
      level: 'warning',
      title: 'Your password was changed',
      link: '/user/setting',
      read: false,
    });
    const zh = await get('/api/notification/listAll', user.token, 'zh-CN');
    expect(zh.body.data.list[0].title).toBe('您的密码已修改');
    expect((await get('/api/notification/listAll?tab=notice', user.token)).body.data.total).toBe(0);
  });

  it('nobody else lists, counts or marks it, an admin included: its id answers 404', async () => {
    const mine = (await get('/api/notification/listAll', user.token)).body.data.list[0];
    for (const token of [admin, other]) {
      const list = (await get('/api/notification/listAll', token)).body.data.list as { id: number }[];
      expect(list.map((n) => n.id)).not.toContain(mine.id);
      const res = await put('/api/notification/read', token, { id: mine.id });
      expect(res.status).toBe(404);
      expect((await put('/api/notification/readAll', token, {})).body.data.updated).toBe(0);
    }
    expect((await get('/api/notification/counts', user.token)).body.data.total).toBe(1);
  });

  it('an admin’s reset reaches the user; read marks one, readAll the rest, and the counts follow', async () => {
    const res = await put('/api/user/resetPasswd', admin, { id: user.id });
    expect(res.body.code, res.body.msg).toBe(200);
    user.token = await t.login(user.userName, res.body.data.oneTimePassword);
    // The reset password must be changed before anything else; the change is a third notification.
    const change = await put('/api/user/updatePasswd', user.token, {
      oldPassword: res.body.data.oneTimePassword,
      newPassword: 'Th1rd-Passw0rd!',
    });
    expect(change.body.code, change.body.msg).toBe(200);

    const list = (await get('/api/notification/listAll', user.token)).body.data;
    expect(list.list.map((n: { title: string }) => n.title)).toEqual([
      'Your password was changed',
      'An administrator reset your password',
      'Your password was changed',
    ]);
    expect((await put('/api/notification/read', user.token, { id: list.list[1].id })).body.code).toBe(200);
    // Twice is harmless.
    expect((await put('/api/notification/read', user.token, { id: list.list[1].id })).body.code).toBe(200);
    expect((await get('/api/notification/counts', user.token)).body.data).toMatchObject({ message: 2, total: 2 });
    const unread = (await get('/api/notification/listAll?unread=true', user.token)).body.data;
    expect(unread.total).toBe(2);

    expect((await put('/api/notification/readAll', user.token, { tab: 'todo' })).body.data.updated).toBe(0);
    expect((await put('/api/notification/readAll', user.token, {})).body.data.updated).toBe(2);
    expect((await get('/api/notification/counts', user.token)).body.data.total).toBe(0);
    const read = (await get('/api/notification/listAll?unread=false', user.token)).body.data;
    expect(read.total).toBe(3);
    expect(read.list.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('bad input is a 400, an unknown id a 404', async () => {
    expect((await get('/api/notification/listAll?tab=spam', user.token)).status).toBe(400);
    expect((await put('/api/notification/read', user.token, { id: 'x' })).status).toBe(400);
    expect((await put('/api/notification/read', user.token, { id: 2_000_000_000 })).status).toBe(404);
  });
});
