import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { alarmRules, alarms, devices, userSecurity } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/harness.ts';
import { createAgent, createProject, createUser, randomMac, uniq } from '../../../test/fixtures.ts';
import { projectApi } from '@siteops/contracts/project/api';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import type { ChannelKind, escalationStep } from '@siteops/contracts/alarm-escalation/schemas';
import type { z } from 'zod';

/** One request as the receiver got it. */
export interface Received {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
  at: number;
}

/**
 * A real HTTP server standing in for WeCom, DingTalk, Feishu and any webhook: it keeps every POST by
 * its path and answers what `answers[path]` says next (a list of status and body, the last repeated),
 * by default 200 `{"errcode":0,"code":0}`.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, { status: number; body: string }[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body);
      } catch {
        /* not JSON */
      }
      received.push({ path: url.pathname, query: url.searchParams, headers: req.headers, body, json, at: Date.now() });
      const queue = answers.get(url.pathname);
      const answer = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? {
        status: 200,
        body: '{"errcode":0,"errmsg":"ok","code":0}',
      };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    answer: (path: string, ...queue: { status: number; body: string }[]) => answers.set(path, queue),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `ok()` holds (polling), or fails naming `what`. */
export async function until<T>(get: () => Promise<T> | T, ok: (v: T) => boolean, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * An agent with a project, its manager (with a bound security email and phone) and a dust monitor in
 * the project, and a rule to hang alarms on.
 */
export async function siteOf(t: TestApp, admin: string) {
  const agent = await createAgent(t, admin);
  const projectId = await createProject(t, admin, { name: uniq('Site '), code: uniq('P-'), agentId: agent.id });
  const manager = await createUser(t, admin, { role: 'manager', agentId: agent.id });
  const added = await t.api(projectApi.addManager, { projectId, userId: manager.id }, admin);
  expect(added.body.code, added.body.msg).toBe(200);
  const email = `${uniq('m')}@example.com`.toLowerCase();
  const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await t.database.db.insert(userSecurity).values({ userId: manager.id, email, phone });
  const managerToken = await t.login(manager.userName, manager.password);
  const [device] = await t.database.db
    .insert(devices)
    .values({ type: 'dust', sn: uniq('SN'), mac: randomMac(), agentId: agent.id, projectId, devName: 'Gate dust' })
    .returning({ id: devices.id });
  const [rule] = await t.database.db
    .insert(alarmRules)
    .values({
      name: 'PM10 over 150',
      scope: 'project',
      projectId,
      deviceType: 'dust',
      condition: { logic: 'and', terms: [{ field: 'a34002', operator: 'gt', threshold: 150 }] },
      severity: 'major',
    })
    .returning({ id: alarmRules.id });
  return {
    agent,
    projectId,
    manager: { ...manager, email, phone, token: managerToken },
    deviceId: device.id,
    ruleId: rule.id,
  };
}

/** An active alarm raised `minutesAgo` (by the server's clock), as the alarm engine writes one. */
export async function raiseAlarm(
  t: TestApp,
  site: { deviceId: number; ruleId: number },
  minutesAgo = 0,
  severity = 'major',
): Promise<number> {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  // One open alarm per device and rule: close the previous one as the engine would before a new one.
  const [row] = await t.database.db
    .insert(alarms)
    .values({
      deviceId: site.deviceId,
      ruleId: site.ruleId,
      severity,
      firstValue: { a34002: 210 },
      lastValue: { a34002: 230 },
      firstAt: at,
      lastAt: at,
      createdAt: at,
    })
    .returning({ id: alarms.id });
  return row.id;
}

/** Another dust monitor in the site's project (one open alarm per device and rule). */
export async function addDevice(t: TestApp, site: { agent: { id: number }; projectId: number }): Promise<number> {
  const [device] = await t.database.db
    .insert(devices)
    .values({ type: 'dust', sn: uniq('SN'), mac: randomMac(), agentId: site.agent.id, projectId: site.projectId })
    .returning({ id: devices.id });
  return device.id;
}

/** The site as its agent acts on it: the project and the agent's token. */
type SiteOfAgent = { projectId: number; agent: { token: string } };

/** A channel of the site's project, added by its agent; answers its id. */
export async function siteChannel(
  t: TestApp,
  site: SiteOfAgent,
  channel: { name: string; kind: ChannelKind; url?: string; secret?: string },
): Promise<number> {
  const res = await t.api(
    alarmEscalationApi.channelAdd,
    { scope: 'project', projectId: site.projectId, ...channel },
    site.agent.token,
  );
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id;
}

/** The site's project chain, added by its agent; answers its id. */
export async function siteChain(
  t: TestApp,
  site: SiteOfAgent,
  chain: { name: string; repeatMinutes?: number; steps: z.input<typeof escalationStep>[] },
): Promise<number> {
  const res = await t.api(alarmEscalationApi.chainAdd, { projectId: site.projectId, ...chain }, site.agent.token);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id;
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A webhook channel of the site's project posting to the receiver at a path of its own; answers its id and that path. */
export async function siteWebhook(
  t: TestApp,
  site: SiteOfAgent,
  receiver: Receiver,
  hook: { name: string; secret: string },
): Promise<{ hook: number; hookPath: string }> {
  const hookPath = `/hook/${hook.name.toLowerCase()}-${site.projectId}`;
  const id = await siteChannel(t, site, { ...hook, kind: 'webhook', url: `${receiver.base}${hookPath}` });
  return { hook: id, hookPath };
}

/** What a reminding chain sends per alarm raised 12 minutes ago: step 1, step 2 and step 2's second reminder. */
const SENDS_AFTER_12_MINUTES = ['1:0', '2:0', '2:2'];

/** The site's chain of step 1 at once and step 2 after ten minutes, both to `hook`, reminding every minute. */
export const siteRemindingChain = (t: TestApp, site: SiteOfAgent, name: string, hook: number) =>
  siteChain(t, site, {
    name,
    repeatMinutes: 1,
    steps: [
      { delayMinutes: 0, channelIds: [hook] },
      { delayMinutes: 10, channelIds: [hook] },
    ],
  });

/**
 * Under a reminding chain, each of `alarmIds` (raised 12 minutes ago) reaches `hookPath` once per send and
 * nothing twice: waits for every send, then half a second more for a stray second one.
 */
export async function expectEachSendOnce(receiver: Receiver, hookPath: string, alarmIds: number[], timeoutMs: number) {
  const expected = alarmIds.length * SENDS_AFTER_12_MINUTES.length;
  await until(
    () => receiver.at(hookPath).length,
    (n) => n >= expected,
    'every send',
    timeoutMs,
  );
  await new Promise((r) => setTimeout(r, 500));
  const got = receiver.at(hookPath).map((r) => {
    const j = r.json as { alarm: { id: number }; step: number; repeatNo: number };
    return `${j.alarm.id}:${j.step}:${j.repeatNo}`;
  });
  expect(got).toHaveLength(expected);
  expect(new Set(got).size).toBe(expected);
  for (const id of alarmIds) for (const s of SENDS_AFTER_12_MINUTES) expect(got).toContain(`${id}:${s}`);
}
