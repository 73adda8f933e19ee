import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { loginThrottle } from '../../db/schema/index.ts';
import { userApi } from '@siteops/contracts/user/api';

// Failed-login back-off (docs/decisions/0011-login-throttle.md): per account and client, plus per client.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_CLIENT_MAX_FAILURES: '8' });
  admin = await t.login();
});
afterAll(() => t.close());

let nextClient = 1;
/** A fresh client address per scenario, so scenarios do not share counters. */
const client = () => `10.0.${Math.floor(nextClient / 250)}.${(nextClient++ % 250) + 1}`;

/** The caller's own password change, from the address `ip`. */
const changePassword = (token: string, oldPassword: string, ip: string) =>
  t.api(userApi.updatePasswd, { oldPassword, newPassword: 'Brand-N3w-pass' }, { token, remoteAddress: ip });

async function login(username: string, password: string, ip: string, cookie?: string) {
  const res = await t.api(
    userApi.login,
    { username, password },
    { remoteAddress: ip, headers: cookie ? { cookie } : {} },
  );
  return { status: res.status, body: res.body, headers: res.headers };
}
const person = async () => createUser(t, admin, { role: 'user' });
/** The message without its times, which differ by the second. */
const words = (msg: string) => msg.replace(/\d+/g, '#');

describe('failed logins back off per account and client', () => {
  it('a stranger failing on an account from one client cannot lock the owner out of another', async () => {
    const owner = await person();
    const stranger = client();
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(owner.userName, 'Wrong@1234', stranger)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429]);
    expect((await login(owner.userName, owner.password, client())).status).toBe(200);
  });

  it('on the failing client the account waits, even with the right password, and is told until when', async () => {
    const u = await person();
    const ip = client();
    for (let i = 0; i < 5; i++) await login(u.userName, 'Wrong@1234', ip);
    const right = await login(u.userName, u.password, ip);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe(42900);
    expect(right.body.msg).toMatch(/try again in 1 minute/);
    const retryAt = new Date(right.body.data.retryAt).getTime();
    expect(retryAt).toBeGreaterThan(Date.now() + 50_000);
    expect(retryAt).toBeLessThan(Date.now() + 61_000);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(50);
  });

  it('doubles the wait for each failure after a wait, up to the lock time', async () => {
    const u = await person();
    const ip = client();
    for (let i = 0; i < 5; i++) await login(u.userName, 'Wrong@1234', ip);
    const waits = [];
    for (let i = 0; i < 6; i++) {
      await t.database.db.update(loginThrottle).set({ blockedUntil: sql`now() - interval '1 second'` });
      const res = await login(u.userName, 'Wrong@1234', ip);
      expect(res.status).toBe(429);
      waits.push(Math.round((new Date(res.body.data.retryAt).getTime() - Date.now()) / 60_000));
    }
    expect(waits).toEqual([2, 4, 8, 15, 15, 15]);
  });

  it('forgets the failures after a quiet period', async () => {
    const u = await person();
    const ip = client();
    for (let i = 0; i < 4; i++) await login(u.userName, 'Wrong@1234', ip);
    await t.database.db.update(loginThrottle).set({ lastFailureAt: sql`now() - interval '16 minutes'` });
    expect((await login(u.userName, 'Wrong@1234', ip)).status).toBe(401);
    expect((await login(u.userName, u.password, ip)).status).toBe(200);
  });

  it('a right password clears that account’s count on that client', async () => {
    const u = await person();
    const ip = client();
    for (let i = 0; i < 3; i++) await login(u.userName, 'Wrong@1234', ip);
    expect((await login(u.userName, u.password, ip)).status).toBe(200);
    // 4 more would have been 7 on the account; the client's own count (7 of 8) is not cleared.
    for (let i = 0; i < 4; i++) expect((await login(u.userName, 'Wrong@1234', ip)).status).toBe(401);
  });
});

describe('unknown and known accounts are indistinguishable', () => {
  it('the same statuses, codes and messages, attempt after attempt', async () => {
    const u = await person();
    const known = [];
    const unknown = [];
    const [a, b] = [client(), client()];
    for (let i = 0; i < 6; i++) {
      const k = await login(u.userName, 'Wrong@1234', a);
      const n = await login(`ghost-${u.userName}`, 'Wrong@1234', b);
      known.push([k.status, k.body.code, words(k.body.msg)]);
      unknown.push([n.status, n.body.code, words(n.body.msg)]);
    }
    expect(unknown).toEqual(known);
    expect(known.map((r) => r[0])).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('take a similar time (both verify a password hash)', async () => {
    const u = await person();
    const [a, b] = [client(), client()];
    const time = async (name: string, ip: string) => {
      const start = performance.now();
      await login(name, 'Wrong@1234', ip);
      return performance.now() - start;
    };
    let known = 0;
    let unknown = 0;
    for (let i = 0; i < 4; i++) {
      known += await time(u.userName, a);
      unknown += await time(`ghost-${u.userName}`, b);
    }
    expect(unknown / known).toBeGreaterThan(0.4);
    expect(unknown / known).toBeLessThan(2.5);
  });

  it('no user name or address is stored in the counters', async () => {
    const rows = await t.database.db.select().from(loginThrottle);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.key).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('one client failing on many accounts', () => {
  it('is held back on every account, while other clients are not', async () => {
    const u = await person();
    const sprayer = client();
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(`spray-${i}-${u.userName}`, 'Wrong@1234', sprayer)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 429]);
    expect((await login(u.userName, u.password, sprayer)).status).toBe(429);
    expect((await login(u.userName, u.password, client())).status).toBe(200);
  });
});

describe('a browser that logged in to the account before (device cookie, OWASP)', () => {
  /** The cookie a right login gave this browser, as the browser sends it back. */
  const deviceCookie = (res: Awaited<ReturnType<typeof login>>) => {
    const set = res.headers['set-cookie'] as string | string[] | undefined;
    const line = (Array.isArray(set) ? set : [set]).find((l) => l?.startsWith('siteops_device_'));
    expect(line, 'a device cookie').toBeDefined();
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).toMatch(/Path=\/api\/user\/login/);
    return line!.split(';')[0];
  };
  /** Another client on the same address fails on many names until the address waits. */
  async function sprayFrom(ip: string) {
    for (let i = 0; i < 8; i++) await login(`spray-${i}-${Math.random()}`, 'Wrong@1234', ip);
    expect((await login(`spray-last-${Math.random()}`, 'Wrong@1234', ip)).status).toBe(429);
  }

  it('is not refused the right password when others on its address failed on many accounts', async () => {
    const office = client();
    const u = await person();
    const cookie = deviceCookie(await login(u.userName, u.password, office));
    await sprayFrom(office);
    const right = await login(u.userName, u.password, office, cookie);
    expect(right.status).toBe(200);
    expect(right.body.data.token).toBeTruthy();
    // It gets a fresh cookie each time, and the old one keeps working.
    expect(deviceCookie(right)).not.toBe(cookie);
    expect((await login(u.userName, u.password, office, cookie)).status).toBe(200);
  });

  it('credential stuffing is still held back: no cookie, another account’s cookie or a forged one waits', async () => {
    const office = client();
    const [u, v] = [await person(), await person()];
    const cookieU = deviceCookie(await login(u.userName, u.password, client()));
    await sprayFrom(office);
    expect((await login(v.userName, v.password, office)).status).toBe(429);
    expect((await login(v.userName, v.password, office, cookieU)).status).toBe(429);
    const [name, value] = cookieU.split('=');
    const forged = `${name}=${'0'.repeat(32)}.${value.split('.')[1]}`;
    expect((await login(u.userName, u.password, office, forged)).status).toBe(429);
    expect((await login(u.userName, u.password, office, cookieU)).status).toBe(200);
  });

  it('is not refused after a stranger failed on the account from its address', async () => {
    const office = client();
    const u = await person();
    const cookie = deviceCookie(await login(u.userName, u.password, office));
    for (let i = 0; i < 5; i++) await login(u.userName, 'Wrong@1234', office);
    expect((await login(u.userName, u.password, office)).status).toBe(429);
    expect((await login(u.userName, u.password, office, cookie)).status).toBe(200);
  });

  it('its own failures count on it alone; too many, and the address’s rules apply to it', async () => {
    const office = client();
    const u = await person();
    const cookie = deviceCookie(await login(u.userName, u.password, office));
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(u.userName, 'Wrong@1234', office, cookie)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 401]);
    // The address's own counters are untouched by the device's failures: without the cookie it gets in.
    expect((await login(u.userName, u.password, office)).status).toBe(200);
  });
});

describe('password change', () => {
  it('wrong old passwords count like failed logins for that account and client', async () => {
    const u = await person();
    const ip = client();
    const token = await t.login(u.userName, u.password);
    const change = async (oldPassword: string) => {
      return (await changePassword(token, oldPassword, ip)).status;
    };
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await change('Wrong@1234'));
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    // Held back on this client even with the right old password, and for logging in from it.
    expect(await change(u.password)).toBe(429);
    expect((await login(u.userName, u.password, ip)).status).toBe(429);
    expect((await login(u.userName, u.password, client())).status).toBe(200);
  });

  it('others failing on many accounts from the same address do not refuse a signed-in user its right password', async () => {
    const u = await person();
    const office = client();
    const token = await t.login(u.userName, u.password);
    for (let i = 0; i < 9; i++) await login(`spray-${i}-${u.userName}`, 'Wrong@1234', office);
    expect((await login(`spray-x-${u.userName}`, 'Wrong@1234', office)).status).toBe(429);
    expect((await changePassword(token, u.password, office)).status).toBe(200);
  });
});
