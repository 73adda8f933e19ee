import { createAgent, createUser } from './fixtures.ts';
import { fileTestApp, queryOf } from './harness.ts';
import { userApi } from '@siteops/contracts/user/api';

/**
 * The app a user-endpoint test file's tests share, with two agents (A and B) and one user of B's, and the
 * user endpoints called as the admin unless another token is given: made as the file loads (call it with
 * a top-level await) and closed after the file's last test. The user tests are split by concern; this
 * keeps their set-up one.
 */
export async function fileUsersApp() {
  const { t, admin } = await fileTestApp();
  const a = await createAgent(t, admin);
  const b = await createAgent(t, admin);
  const userOfB: { id: number; userName: string; password: string } = await createUser(t, b.token);

  const add = (body: object, token = admin) => t.api.unchecked(userApi.add, body, token);
  const update = (body: object, token = admin) => t.api.unchecked(userApi.update, body, token);
  const del = (ids: number[], token = admin) => t.api(userApi.delete, { ids }, token);
  const list = (query: string, token = admin) => t.api.unchecked(userApi.listAll, queryOf(query), token);
  const detail = (id: number, token = admin) => t.api(userApi.detail, { id }, token);
  const info = (token: string) => t.api(userApi.info, {}, token);
  const ids = (res: { body: { data: { list: { id: number }[] } } }) => res.body.data.list.map((x) => x.id);
  return { t, admin, a, b, userOfB, add, update, del, list, detail, info, ids };
}
