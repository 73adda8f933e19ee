import { createAgent, createUser } from './fixtures.ts';
import { fileTestApp } from './harness.ts';

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

  const add = (body: object, token = admin) => t.call({ method: 'POST', url: '/api/user/add', token, body });
  const update = (body: object, token = admin) => t.call({ method: 'PUT', url: '/api/user/update', token, body });
  const del = (ids: number[], token = admin) =>
    t.call({ method: 'DELETE', url: '/api/user/delete', token, body: { ids } });
  const list = (query: string, token = admin) => t.call({ method: 'GET', url: `/api/user/listAll?${query}`, token });
  const detail = (id: number, token = admin) => t.call({ method: 'GET', url: `/api/user/detail?id=${id}`, token });
  const info = (token: string) => t.call({ method: 'POST', url: '/api/user/info', token });
  const ids = (res: { body: { data: { list: { id: number }[] } } }) => res.body.data.list.map((x) => x.id);
  return { t, admin, a, b, userOfB, add, update, del, list, detail, info, ids };
}
