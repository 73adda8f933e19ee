import { createHash } from 'node:crypto';
import { adminToken, RegisterError, type RegisterOptions } from './licences.ts';

/** How an HJ 212 monitor of the simulator is known to the platform: the device record's MN and PW. */
export interface Hj212Identity {
  mn: string;
  pw: string;
}

/**
 * The MN and access password the simulator gives a dust device it runs over HJ 212: the MN is the serial
 * number's letters and digits (unique as the serial number is), the PW six digits from its secret, so a
 * rerun against the same licences reaches the same device records.
 */
export function hj212IdentityOf(sn: string, secret: string): Hj212Identity {
  const mn = sn.replace(/[^0-9A-Za-z]/g, '').slice(-32);
  const digits = parseInt(createHash('sha256').update(secret).digest('hex').slice(0, 8), 16) % 1_000_000;
  return { mn, pw: String(digits).padStart(6, '0') };
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(url: string, token: string, init: RequestInit = {}): Promise<Envelope<T>> {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
  });
  const body = (await res.json().catch(() => undefined)) as Envelope<T> | undefined;
  if (!body) throw new RegisterError(`${init.method ?? 'GET'} ${url}: HTTP ${res.status} without an answer`);
  return body;
}

/**
 * Enters each device's HJ 212 MN and PW on its record (what an administrator does in the device form)
 * through the device registry API, so the monitors the simulator starts are accepted.
 */
export async function registerHj212Identities(
  devices: { sn: string; identity: Hj212Identity }[],
  opts: RegisterOptions,
): Promise<void> {
  const token = await adminToken(opts);
  for (const { sn, identity } of devices) {
    const list = new URL('/api/device/listAll', opts.api);
    list.searchParams.set('sn', sn);
    const found = await call<{ list: { id: number; sn: string }[] }>(list.href, token);
    const device = found.code === 200 ? found.data.list.find((d) => d.sn === sn) : undefined;
    if (!device) throw new RegisterError(`device ${sn} is not in the registry: ${found.msg}`);
    const saved = await call<null>(new URL('/api/device/update', opts.api).href, token, {
      method: 'PUT',
      body: JSON.stringify({ id: device.id, hj212Mn: identity.mn, hj212Pw: identity.pw }),
    });
    if (saved.code !== 200) throw new RegisterError(`setting ${sn}'s HJ 212 MN failed: ${saved.msg}`);
  }
}
