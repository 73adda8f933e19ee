import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { userApi } from '@siteops/contracts/user/api';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/harness.ts';
import { auditLog } from '../db/schema/index.ts';
import { MACHINE_ACTOR, resetPasswordOnMachine } from './resetPassword.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) => t.api(userApi.login, { username, password });

describe('admin recovery on the server machine', () => {
  it("gives a lost admin a one-time password, ends the account's sessions, and is audited as done on the machine", async () => {
    const before = await t.login();
    const result = await resetPasswordOnMachine(t.database.db, 'admin', 72);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.expiresAt.getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000);

    // The session that was open is over; the old password no longer works; the new one does, once changed.
    expect((await t.api(userApi.info, {}, before)).status).toBe(401);
    expect((await login('admin', ADMIN_PASSWORD)).status).not.toBe(200);
    const first = await login('admin', result.oneTimePassword);
    expect(first.status, first.body.msg).toBe(200);
    expect(first.body.data.mustChangePassword).toBe(true);

    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.resetPasswd'), eq(auditLog.actorName, MACHINE_ACTOR)));
    expect(row).toMatchObject({ actorId: null, targetType: 'user' });
    expect(row.detail).toMatchObject({ via: MACHINE_ACTOR });
    // The password itself is never written down.
    expect(JSON.stringify(row)).not.toContain(result.oneTimePassword);

    // Put the admin's password back for the rest of the file's tests.
    const token = first.body.data.token as string;
    const changed = await t.api(
      userApi.updatePasswd,
      { oldPassword: result.oneTimePassword, newPassword: ADMIN_PASSWORD },
      token,
    );
    expect(changed.status, changed.body.msg).toBe(200);
  });

  it('an unknown account name changes nothing', async () => {
    const result = await resetPasswordOnMachine(t.database.db, 'nobody-here', 72);
    expect(result).toEqual({ ok: false, reason: 'unknown' });
    expect((await login('admin', ADMIN_PASSWORD)).status).toBe(200);
  });
});
