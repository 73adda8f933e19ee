import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pii } from '../../crypto/pii.ts';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; decision 0008): a
 * browser that logged in to an account gets a cookie naming a device id, bound to the account's name by
 * a keyed MAC. Its next logins to that account are a trusted device's: counted on the device alone, so
 * neither failures of others behind the same address nor a stranger's failures on the account refuse
 * it. One cookie per account (a shared office browser may keep a few), sent only to the login endpoint.
 */

const PATH = '/api/user/login';
const MAX_AGE_S = 180 * 86_400;
const nameOf = (pii: Pii, userName: string) =>
  `siteops_device_${pii.searchHash(`device-cookie-name\0${userName.toLowerCase()}`).slice(0, 16)}`;
const macOf = (pii: Pii, userName: string, id: string) =>
  pii.searchHash(`device-cookie\0${userName.toLowerCase()}\0${id}`);

/** The device id of this browser's valid cookie for the account, or null (no cookie, forged, another account's). */
export function trustedDevice(pii: Pii, request: FastifyRequest, userName: string): string | null {
  const name = nameOf(pii, userName);
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const [id, mac] = part
      .slice(eq + 1)
      .trim()
      .split('.');
    if (id && /^[0-9a-f]{32}$/.test(id) && mac === macOf(pii, userName, id)) return id;
  }
  return null;
}

/** After a right password: a new device cookie for the account (a fresh id each login, as OWASP asks). */
export function issueDeviceCookie(pii: Pii, request: FastifyRequest, reply: FastifyReply, userName: string) {
  const id = randomBytes(16).toString('hex');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${nameOf(pii, userName)}=${id}.${macOf(pii, userName, id)}; Path=${PATH}; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Strict${secure}`,
  );
}
