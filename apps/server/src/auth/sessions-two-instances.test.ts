import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { disableUser } from '../../test/fixtures.ts';
import { startTwoInstances, twoInstancesForSuite, twoInstancesSkipped } from '../modules/device-link/twoInstances.ts';
import { userApi } from '@siteops/contracts/user/api';

const skip = twoInstancesSkipped('sessions across two instances on PostgreSQL + Redis');

const USER_PASSWORD = 'User@12345';

/**
 * Each instance keeps live sessions in memory (decision 0016). These prove that what ends or changes a
 * session through one instance is seen by the other on the very next request, with B's cache warm.
 */
describe.skipIf(skip)('sessions across two instances (PostgreSQL + Redis)', () => {
  const two = twoInstancesForSuite(() => startTwoInstances({ users: ['u1', 'u2', 'u3'], password: USER_PASSWORD }));

  /** user/info through B, twice, so B answers the second from its cache. */
  const warmOnB = async (token: string) => {
    for (let i = 0; i < 2; i++) {
      const res = await two.b.api(userApi.info, {}, token);
      expect(res.body.code, res.body.msg).toBe(200);
    }
  };

  /** user/info through B answers that the session has ended (401, 50012). */
  const expectEndedOnB = async (token: string) => {
    const res = await two.b.api(userApi.info, {}, token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(50012);
  };

  it('a logout through A ends the session on B at once', async () => {
    const { a } = two;
    const token = await a.login('u1', USER_PASSWORD);
    await warmOnB(token);
    expect((await a.api(userApi.logout, {}, token)).body.code).toBe(200);
    await expectEndedOnB(token);
  });

  it('disabling a user through A ends their session on B at once', async () => {
    const { a } = two;
    const admin = await a.login();
    const token = await a.login('u2', USER_PASSWORD);
    await warmOnB(token);
    const [u2] = await a.database.db.select({ id: users.id }).from(users).where(eq(users.userName, 'u2'));
    await disableUser(a, admin, u2.id);
    await expectEndedOnB(token);
  });

  it('a profile edit through A shows on B at once', async () => {
    const { a, b } = two;
    const token = await a.login('u3', USER_PASSWORD);
    await warmOnB(token);
    const edit = await a.api(userApi.updateSelf, { realName: 'Renamed Three' }, token);
    expect(edit.body.code, edit.body.msg).toBe(200);
    const res = await b.api(userApi.info, {}, token);
    expect(res.body.data.realName).toBe('Renamed Three');
  });
});
