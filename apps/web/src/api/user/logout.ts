import { request } from '../client';

/** Ends the session on the server. Silent: logging out a session that is already dead is not an error. */
export function logoutRequest() {
  return request<null>({ method: 'POST', url: '/api/user/logout', silent: true });
}
