import fs from 'node:fs';
import path from 'node:path';
import { licenceFile, type LicenceFile } from '@siteops/contracts/licence/verify';
import { DEVICE_TYPES, type DeviceType } from '@siteops/contracts/device-protocol';

export interface LoadedLicence {
  sn: string;
  mac: string;
  secret: string;
  /** From the licence's attachInfo (`{"type":"dust"}` or `type=dust`), when it says. */
  type?: DeviceType;
  file: string;
}

/** The device type a licence names in its attachInfo, if any. */
export function typeOfLicence(l: LicenceFile): DeviceType | undefined {
  const info = l.licence.attachInfo;
  if (!info) return undefined;
  let candidate: unknown;
  try {
    candidate = (JSON.parse(info) as { type?: unknown }).type;
  } catch {
    candidate = /(?:^|[\s;,])type=(\w+)/.exec(info)?.[1];
  }
  return (DEVICE_TYPES as readonly unknown[]).includes(candidate) ? (candidate as DeviceType) : undefined;
}

/** Every `<sn>.lic` in a directory, sorted by sn. Files that do not parse are reported, not fatal. */
export function loadLicenceDir(dir: string, onBad: (file: string, why: string) => void = () => {}): LoadedLicence[] {
  if (!fs.existsSync(dir)) return [];
  const out: LoadedLicence[] = [];
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.lic'))
    .sort()) {
    const file = path.join(dir, name);
    const parsed = licenceFile.safeParse(safeJson(fs.readFileSync(file, 'utf8')));
    if (!parsed.success) {
      onBad(file, parsed.error.issues[0]?.message ?? 'not a licence file');
      continue;
    }
    const l = parsed.data;
    out.push({ sn: l.licence.sn, mac: l.licence.mac, secret: l.licence.deviceSecret, type: typeOfLicence(l), file });
  }
  return out;
}

export function saveLicence(dir: string, l: LicenceFile): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${l.licence.sn}.lic`);
  fs.writeFileSync(file, `${JSON.stringify(l, null, 2)}\n`, { mode: 0o600 });
  return file;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export class RegisterError extends Error {}

export interface RegisterOptions {
  /** `http://localhost:8080` */
  api: string;
  token?: string;
  username?: string;
  password?: string;
  /** Licence validity. Default one year. */
  expiresAt?: Date;
  platformIds?: number[];
  concurrency?: number;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(url: string, init: RequestInit): Promise<{ status: number; body?: Envelope<T> }> {
  const res = await fetch(url, init);
  let body: Envelope<T> | undefined;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}

/** A bearer token: the one given, or a login with username and password. */
export async function adminToken(opts: RegisterOptions): Promise<string> {
  if (opts.token) return opts.token;
  if (!opts.username || !opts.password)
    throw new RegisterError('--register needs --token, or --username and --password');
  const res = await call<{ token: string }>(new URL('/api/user/login', opts.api).href, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: opts.username, password: opts.password }),
  });
  if (res.body?.code !== 200)
    throw new RegisterError(`login as ${opts.username} failed: ${res.body?.msg ?? res.status}`);
  return res.body.data.token;
}

/**
 * Grant licences for devices through the API: POST /api/device/grant with
 * `{ sn, mac, type, platformIds, expiresAt, attachInfo: {"type":…} }`; the answer's `data.file` is the
 * licence file. The device's type is written into attachInfo so a licence directory alone says it.
 */
export async function grantLicences(
  devices: { sn: string; mac: string; type: DeviceType }[],
  opts: RegisterOptions,
  onGranted: (l: LicenceFile) => void = () => {},
): Promise<LicenceFile[]> {
  const token = await adminToken(opts);
  const url = new URL('/api/device/grant', opts.api).href;
  const expiresAt = (opts.expiresAt ?? new Date(Date.now() + 365 * 86_400_000)).toISOString();
  const out: LicenceFile[] = [];
  let next = 0;
  const worker = async () => {
    while (next < devices.length) {
      const d = devices[next++];
      const res = await call<{ file?: unknown }>(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          sn: d.sn,
          mac: d.mac,
          type: d.type,
          platformIds: opts.platformIds ?? [],
          expiresAt,
          attachInfo: JSON.stringify({ type: d.type }),
        }),
      });
      if (res.status === 404 && res.body?.msg?.startsWith('No route')) {
        throw new RegisterError(
          'POST /api/device/grant does not exist on this server: --register needs the device registry ' +
            '(licence grant) API. Use --licences DIR with licence files instead.',
        );
      }
      if (res.body?.code !== 200)
        throw new RegisterError(`grant ${d.sn} failed: ${res.body?.msg ?? `HTTP ${res.status}`}`);
      const parsed = licenceFile.safeParse(res.body.data?.file);
      if (!parsed.success) throw new RegisterError(`grant ${d.sn}: the answer is not a licence file`);
      out.push(parsed.data);
      onGranted(parsed.data);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 8) }, worker));
  return out;
}
