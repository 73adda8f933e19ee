import jpeg from 'jpeg-js';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { FileKind } from '@siteops/contracts/file/schemas';
import { fileApp, formBody, type TestApp } from './harness.ts';
import { userApi } from '@siteops/contracts/user/api';
import { agentApi } from '@siteops/contracts/agent/api';
import { projectApi } from '@siteops/contracts/project/api';
import { fileApi } from '@siteops/contracts/file/api';
import { auditLog } from '../src/db/schema/index.ts';

/** Smallest real images of each accepted type. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63f8cfc0f01f0005000201b8b8a9a60000000049454e44ae426082',
  'hex',
);
export const JPEG = Buffer.from(jpeg.encode({ data: Buffer.alloc(8 * 8 * 4, 200), width: 8, height: 8 }, 50).data);
export const WEBP = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L', 'latin1'),
  Buffer.from('0d0000002f0000001007101111888808', 'hex'),
]);

/** A unique suffix, so tests in one database never collide on unique names. */
export const uniq = (prefix = '') => `${prefix}${randomBytes(4).toString('hex')}`;

/** The call options of a console in Chinese, signed in with `token`: the answer's messages come in zh-CN. */
export const inChinese = (token: string) => ({ token, headers: { 'accept-language': 'zh-CN' } });

/** A random MAC address, `0a:1b:…` unless `separator` and `upperCase` say otherwise (the server takes every way of writing one). */
export function randomMac({ separator = ':', upperCase = false } = {}) {
  const mac = [...randomBytes(6)].map((b) => b.toString(16).padStart(2, '0')).join(separator);
  return upperCase ? mac.toUpperCase() : mac;
}

/** A multipart/form-data body with one file part. */
export function multipart(content: Buffer, filename = 'image.png', type = 'image/png', field = 'file') {
  const boundary = `----siteops${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function upload(
  t: TestApp,
  token: string,
  kind: FileKind,
  content: Buffer = PNG,
  filename?: string,
  type?: string,
) {
  return t.api.raw(fileApi.upload, formBody(multipart(content, filename, type)), { kind }, token);
}

export async function uploadId(t: TestApp, token: string, kind: FileKind): Promise<string> {
  const res = await upload(t, token, kind);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as string;
}

let idSerial = 0;
/** A plausible 18-character ID number, unique per call. */
export const idNumber = () =>
  `110105${String(19900101 + (idSerial++ % 28))}${String(Math.floor(Math.random() * 900) + 100)}X`;

/** A complete spec-5 personal-info body, with the images uploaded by `token`. */
export async function userBody(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const [qrCode, idFrontPic, idBackPic, cardPic] = await Promise.all([
    uploadId(t, token, 'qrCode'),
    uploadId(t, token, 'idFront'),
    uploadId(t, token, 'idBack'),
    uploadId(t, token, 'cardPic'),
  ]);
  return {
    userName: uniq('u'),
    password: 'Passw0rd!',
    realName: 'Zhang San',
    nickName: 'zs',
    qrCode,
    birthday: '1990-05-17',
    sex: 'male',
    phone: '13800138000',
    email: 'zs@example.com',
    nation: 'Han',
    country: 'CN',
    area: 'Beijing',
    idNo: idNumber(),
    idFrontPic,
    idBackPic,
    cardNo: '6222020200112233445',
    cardPic,
    bankName: 'ICBC',
    role: 'user',
    ...overrides,
  };
}

/** Create a user through the API as `token`; answers its id. */
export async function createUser(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const body = await userBody(t, token, overrides);
  const res = await t.api.unchecked(userApi.add, body, token);
  expect(res.body.code, res.body.msg).toBe(200);
  return { id: res.body.data.id as number, userName: body.userName as string, password: body.password as string };
}

/** `createUser`, then signed in as that user: answers the user and its session token. */
export async function createSignedInUser(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const user = await createUser(t, token, overrides);
  return [user, await t.login(user.userName, user.password)] as const;
}

/** Create an agent and its admin user as the admin; answers ids and a logged-in token for the agent user. */
export async function createAgent(t: TestApp, adminToken: string, overrides: Record<string, unknown> = {}) {
  const userName = uniq('agent');
  const body = {
    name: uniq('Agent '),
    linkName: 'Li Si',
    linkPhone: '13900139000',
    expDate: '2099-12-31',
    status: 'valid',
    address: 'Shanghai',
    longitude: 121.47,
    latitude: 31.23,
    user: { userName, password: 'Passw0rd!', realName: 'Agent Admin', phone: '13900139001', email: 'a@example.com' },
    ...overrides,
  };
  const res = await t.api.unchecked(agentApi.add, body, adminToken);
  expect(res.body.code, res.body.msg).toBe(200);
  const user = body.user as { userName: string; password?: string };
  const token = await t.login(user.userName, user.password ?? 'Passw0rd!');
  return { id: res.body.data.id as number, userId: res.body.data.userId as number, userName: user.userName, token };
}

/** Disables account `id` through the API as `token` (an admin, or the account's agent). */
export async function disableUser(t: Pick<TestApp, 'call' | 'api'>, token: string, id: number) {
  const res = await t.api(userApi.update, { id, enabled: 'disable' }, token);
  expect(res.body.code, res.body.msg).toBe(200);
}

/** Creates a project through the API as `token` (`body`: name, code and the rest of the form); answers its id. */
export async function createProject(t: Pick<TestApp, 'call' | 'api'>, token: string, body: Record<string, unknown>) {
  const res = await t.api.unchecked(projectApi.add, body, token);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as number;
}

/** The latest audit row of `action` on `targetId`, and the `changes` (field, before, after) its detail records. */
export async function lastAudit(t: Pick<TestApp, 'database'>, action: string, targetId: number | string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return { row, changes: (row.detail as { changes: unknown }).changes };
}

export const lastAuditChanges = async (t: Pick<TestApp, 'database'>, action: string, targetId: number | string) =>
  (await lastAudit(t, action, targetId)).changes;

/** The file's app (closed after its tests, as `fileApp`), its admin's token and two agents, A and B, to test scope with. */
export async function appWithTwoAgents<App extends TestApp>(start: () => Promise<App>) {
  const { t, admin } = await fileApp(start);
  const agentA = await createAgent(t, admin);
  const agentB = await createAgent(t, admin);
  return { t, admin, agentA, agentB };
}
