import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AnswerOf, Endpoint, InputOf } from '@siteops/contracts/shared/endpoint';
import { mainlandIdCheckDigit } from '@siteops/contracts/labour/id-card';
import { labourApi } from '@siteops/contracts/labour/api';
import { projectApi } from '@siteops/contracts/project/api';
import { deviceApi } from '@siteops/contracts/device/api';
import type { TestApp } from '../../../test/harness.ts';
import { createAgent, createUser, multipart, randomMac, uniq } from '../../../test/fixtures.ts';
import { deviceEvents, visitorDevices } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/rows.ts';

let serial = 0;
/** A valid mainland ID number (check digit right), unique per call: born `birth`, a man when `male`. */
export function mainlandId(birth = '19900101', male = true): string {
  const seq = ((serial++ % 450) * 2 + (male ? 1 : 0)).toString().padStart(3, '0');
  const first17 = `${110101 + Math.floor(Math.random() * 8000)}${birth}${seq}`;
  return first17 + mainlandIdCheckDigit(first17);
}

/**
 * Agent A with projects A1 and A2, agent B with project B1; a manager of A1 (token), agent A's and agent
 * B's admin sessions; `ok` calls an endpoint expecting code 200 and answers its data.
 */
/** A photo uploaded through the workers' photo endpoint as `token` (a face, or a certificate's card); answers its id. */
export async function uploadLabourPhoto(t: TestApp, token: string, content: Buffer, fileName: string): Promise<string> {
  const form = multipart(content, fileName, 'image/jpeg');
  const res = await t.api.raw(
    labourApi.postPhoto,
    { contentType: form.headers['content-type'], payload: form.payload },
    {},
    token,
  );
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as string;
}

export async function labourWorld(t: TestApp, admin: string) {
  const ok = async <E extends Endpoint>(endpoint: E, input: InputOf<E>, token = admin): Promise<AnswerOf<E>> => {
    const res = await t.api(endpoint, input, token);
    expect(res.body.code, `${endpoint.path}: ${res.body.msg}`).toBe(200);
    return res.body.data as AnswerOf<E>;
  };
  const a = await createAgent(t, admin);
  const b = await createAgent(t, admin);
  const project = async (agentId: number, name: string) =>
    (await ok(projectApi.add, { name, code: uniq('L-'), agentId })).id;
  const a1 = await project(a.id, 'A1 site');
  const a2 = await project(a.id, 'A2 site');
  const b1 = await project(b.id, 'B1 site');
  const manager = await createUser(t, admin, { role: 'manager', agentId: a.id });
  await ok(projectApi.addManager, { projectId: a1, userId: manager.id });
  const managerToken = await t.login(manager.userName, manager.password);
  const worker = (projectId: number, body: Partial<InputOf<typeof labourApi.add>> = {}) => ({
    projectId,
    realName: 'Li Lei',
    idType: 'mainland' as const,
    idNo: mainlandId(),
    phone: '13800138000',
    trade: 'carpenter' as const,
    entryDate: '2026-11-01',
    ...body,
  });
  const addWorker = async (projectId: number, body: Partial<InputOf<typeof labourApi.add>> = {}, token = admin) =>
    (await ok(labourApi.add, worker(projectId, body), token)).id;
  return { a, b, a1, a2, b1, manager, managerToken, ok, worker, addWorker, agentA: a.token, agentB: b.token };
}

/** A face terminal in `projectId` of `agentId`, on the access-device list with `direction`. */
export async function terminal(
  t: TestApp,
  admin: string,
  at: { agentId: number; projectId: number },
  direction: 'in' | 'out' | 'none',
) {
  const res = await t.api(deviceApi.add, { type: 'face', sn: uniq('SN'), mac: randomMac(), ...at }, admin);
  expect(res.body.code, res.body.msg).toBe(200);
  const id = res.body.data.id as number;
  await t.database.db.insert(visitorDevices).values({ deviceId: id, direction });
  return id;
}

/**
 * Pass events as the device link stores them (one INSERT statement, as a batch flush does): worker,
 * device, the device's time, the direction the terminal reported, and the event id a resend keeps.
 */
export async function storePasses(
  t: TestApp,
  passes: { workerId: number; deviceId: number; at: string; direction?: 'in' | 'out'; id?: string }[],
) {
  if (!passes.length) return;
  await t.database.db
    .insert(deviceEvents)
    .values(
      passes.map((p) => ({
        id: p.id ?? randomUUID(),
        deviceId: p.deviceId,
        type: 'face',
        kind: 'pass',
        level: 'info',
        at: new Date(p.at),
        receivedAt: new Date(),
        data: {
          personId: `W${p.workerId}`,
          personName: 'worker',
          direction: p.direction ?? 'in',
          verifyMode: 'face',
          similarity: 0.95,
        },
      })),
    )
    // As the link stores them: an event it already has (same id) is skipped.
    .onConflictDoNothing();
}

/** The labour_passes rows of a worker (what the trigger kept). */
export const passRows = async (t: TestApp, workerId: number) =>
  rowsOf<{ direction: string; device_id: number }>(
    await t.database.db.execute(sql`select * from labour_passes where worker_id = ${workerId} order by at`),
  );
