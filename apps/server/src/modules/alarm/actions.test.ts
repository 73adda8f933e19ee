import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { projectApi } from '@siteops/contracts/project/api';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import type { SimDevice } from '@siteops/device-sim/device';
import { createAgent, createProject, createUser, inChinese, uniq } from '../../../test/fixtures.ts';
import { alarmChannelLog, auditLog, devices } from '../../db/schema/index.ts';
import { startLinkApp, type LinkTestApp } from '../device-link/testkit.ts';
import { startReceiver, until } from '../alarm-escalation/escalationTestkit.ts';

/**
 * Linked actions on site (issue 32), against simulated devices and a real HTTP receiver: a dust alarm
 * plays on the project's cloud speakers, switches a gateway's relay and posts a signed webhook; its
 * clear switches the relay back. A crane's power cut waits for a second person: its author is refused,
 * another tenant gets 404, another manager of the project confirms and the crane's relay switches;
 * a second confirmation is 409. Every outcome is on the alarm's timeline.
 */
let t: LinkTestApp;
let admin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let agentA: Awaited<ReturnType<typeof createAgent>>;
let agentB: Awaited<ReturnType<typeof createAgent>>;
let projectId: number;
let author: { id: number; token: string; userName: string };
let second: { id: number; token: string; userName: string };
let speaker: Sim;
let gateway: Sim;
let channelId: number;

const HOOK_SECRET = 'linked-action-secret';

type Sim = { id: number; sim: SimDevice };

/** A simulated device of agent A's project, linked. */
async function onSite(type: DeviceType, project = projectId): Promise<Sim> {
  const d = await t.addDevice({ type, agentId: agentA.id });
  await t.database.db.update(devices).set({ projectId: project }).where(eq(devices.id, d.id));
  const sim = t.sim(d);
  await sim.waitFor('up', 10_000);
  return { id: d.id, sim };
}

async function manager() {
  const m = await createUser(t, admin, { role: 'manager', agentId: agentA.id });
  const added = await t.api(projectApi.addManager, { projectId, userId: m.id }, admin);
  expect(added.body.code, added.body.msg).toBe(200);
  return { id: m.id, userName: m.userName, token: await t.login(m.userName, m.password) };
}

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startLinkApp({ env: { ALARM_WEBHOOK_ADDRESSES: 'any', ALARM_WEBHOOK_RETRY_MS: '20' } });
  admin = await t.login();
  agentA = await createAgent(t, admin);
  agentB = await createAgent(t, admin);
  projectId = await createProject(t, admin, { name: uniq('Site '), code: uniq('P-'), agentId: agentA.id });
  author = await manager();
  second = await manager();
  speaker = await onSite('broadcast');
  gateway = await onSite('gateway');
  const channel = await t.api(
    alarmEscalationApi.channelAdd,
    {
      name: 'Site system',
      kind: 'webhook',
      scope: 'project',
      projectId,
      url: `${receiver.base}/hook`,
      secret: HOOK_SECRET,
    },
    author.token,
  );
  expect(channel.body.code, channel.body.msg).toBe(200);
  channelId = channel.body.data.id;
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function addRule(token: string, input: Record<string, unknown>) {
  const res = await t.api.unchecked(
    alarmApi.ruleAdd,
    { name: uniq('Rule '), scope: 'project', projectId, severity: 'major', ...input },
    token,
  );
  return res;
}

type Detail = {
  id: number;
  status: string;
  timeline: { kind: string; actorName: string | null; detail: Record<string, unknown> }[];
  actions: {
    id: number;
    when: string;
    state: string;
    reason: string | null;
    deviceId: number | null;
    confirmedName: string | null;
    mayConfirm: boolean;
    action: { kind: string };
  }[];
};

async function detailOf(id: number, token = author.token): Promise<Detail> {
  const res = await t.api(alarmApi.detail, { id }, token);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data as Detail;
}

/** The device's alarm once raised (as admin). */
async function alarmOf(deviceId: number, status: 'active' | 'cleared' = 'active') {
  const list = await until(
    async () => (await t.api(alarmApi.listAll, { deviceId, status }, admin)).body.data.list as { id: number }[],
    (l) => l.length === 1,
    `the ${status} alarm of device ${deviceId}`,
  );
  return list[0].id;
}

const actionEntries = (d: Detail) => d.timeline.filter((e) => e.kind === 'action').map((e) => e.detail);

describe('linked actions', () => {
  it('a dust alarm plays on the speakers, switches the gateway relay and posts the webhook; its clear switches it back', async () => {
    const dust = await onSite('dust');
    const rule = await addRule(author.token, {
      deviceType: 'dust',
      condition: { logic: 'and', terms: [{ field: 'a34002', operator: 'gt', threshold: 150 }] },
      clearCondition: { logic: 'and', terms: [{ field: 'a34002', operator: 'lt', threshold: 120 }] },
      actions: [
        { kind: 'speak', text: 'Dust over the limit: fog cannons on', volume: 80 },
        { kind: 'relay', deviceId: gateway.id, output: 1, on: true },
        { kind: 'webhook', channelId },
        { kind: 'relay', when: 'cleared', deviceId: gateway.id, output: 1, on: false },
      ],
    });
    expect(rule.body.code, rule.body.msg).toBe(200);
    const listed = await t.api(alarmApi.ruleListAll, { deviceType: 'dust' }, author.token);
    expect(listed.body.data.list.find((r: { id: number }) => r.id === rule.body.data.id).actions).toHaveLength(4);

    dust.sim.sendTelemetry({ a34002: 220 });
    const alarmId = await alarmOf(dust.id);
    await until(
      () => speaker.sim.played.map((p) => p.text),
      (texts) => texts.includes('Dust over the limit: fog cannons on'),
      'the speaker to play',
    );
    expect(speaker.sim.played.at(-1)).toMatchObject({ volume: 80 });
    await until(
      () => gateway.sim.relays.get(1),
      (on) => on === true,
      'the gateway relay on',
    );
    const [posted] = await until(
      () => receiver.at('/hook'),
      (r) => r.length === 1,
      'the webhook',
    );
    // Signed as the escalation channels sign: HMAC-SHA256 over "<timestamp>.<body>".
    const ts = String(posted.headers['x-siteops-timestamp']);
    const expected = `sha256=${createHmac('sha256', HOOK_SECRET).update(`${ts}.${posted.body}`).digest('hex')}`;
    expect(posted.headers['x-siteops-signature']).toBe(expected);
    expect(posted.json).toMatchObject({ event: 'alarm.action', when: 'raised', alarm: { id: alarmId } });
    const raised = await until(
      () => detailOf(alarmId),
      (d) => actionEntries(d).length === 3,
      'three action entries',
    );
    // The delivery is in the channel's log, as an escalation step's is (no step: a linked action).
    const logged = await t.database.db.select().from(alarmChannelLog).where(eq(alarmChannelLog.alarmId, alarmId));
    expect(logged).toMatchObject([{ channelId, ok: true, status: 200, step: null }]);
    expect(actionEntries(raised).map((e) => [e.kind, e.state])).toEqual(
      expect.arrayContaining([
        ['speak', 'sent'],
        ['relay', 'sent'],
        ['webhook', 'sent'],
      ]),
    );
    expect(raised.actions.map((a) => [a.when, a.action.kind, a.state])).toEqual([
      ['raised', 'speak', 'sent'],
      ['raised', 'relay', 'sent'],
      ['raised', 'webhook', 'sent'],
    ]);

    dust.sim.sendTelemetry({ a34002: 90 });
    await alarmOf(dust.id, 'cleared');
    await until(
      () => gateway.sim.relays.get(1),
      (on) => on === false,
      'the gateway relay off',
    );
    const cleared = await until(
      () => detailOf(alarmId),
      (d) => actionEntries(d).length === 4,
      'the clear action',
    );
    expect(cleared.actions.at(-1)).toMatchObject({ when: 'cleared', state: 'sent', deviceId: gateway.id });
    // Agent B sees none of it.
    expect((await t.api(alarmApi.detail, { id: alarmId }, agentB.token)).status).toBe(404);
  });

  it('a crane power cut waits for a second person: the author is refused, another tenant 404, another manager sends it once', async () => {
    const crane = await onSite('towerCrane');
    const rule = await addRule(author.token, {
      deviceType: 'towerCrane',
      severity: 'critical',
      condition: { logic: 'and', terms: [{ field: 'momentPct', operator: 'gte', threshold: 100 }] },
      actions: [{ kind: 'relay', deviceId: null, output: 2, on: true }],
    });
    expect(rule.body.code, rule.body.msg).toBe(200);

    crane.sim.sendTelemetry({ momentPct: 104 });
    const alarmId = await alarmOf(crane.id);
    const waiting = await until(
      () => detailOf(alarmId),
      (d) => d.actions[0]?.state === 'waiting',
      'the power cut to wait',
    );
    const run = waiting.actions[0];
    expect(run).toMatchObject({ deviceId: crane.id, mayConfirm: false });
    expect(actionEntries(waiting)).toEqual([expect.objectContaining({ kind: 'relay', state: 'waiting' })]);
    expect(crane.sim.relays.get(2)).toBeUndefined();
    expect((await detailOf(alarmId, second.token)).actions[0].mayConfirm).toBe(true);

    // The rule's author may not confirm their own power cut; another tenant cannot see it.
    const own = await t.api.unchecked(alarmApi.actionConfirm, { id: run.id }, author.token);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe(40300);
    expect((await t.api.unchecked(alarmApi.actionConfirm, { id: run.id }, agentB.token)).status).toBe(404);
    expect(crane.sim.relays.get(2)).toBeUndefined();

    const confirmed = await t.api(alarmApi.actionConfirm, { id: run.id }, second.token);
    expect(confirmed.body.code, confirmed.body.msg).toBe(200);
    expect(confirmed.body.data).toMatchObject({ id: run.id, state: 'sent', confirmedName: second.userName });
    expect(crane.sim.relays.get(2)).toBe(true);

    const again = await t.api.unchecked(alarmApi.actionConfirm, { id: run.id }, agentA.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(40900);

    const after = await detailOf(alarmId);
    const entries = after.timeline.filter((e) => e.kind === 'action');
    expect(entries.map((e) => [e.detail.state, e.actorName])).toEqual([
      ['waiting', null],
      ['confirmed', second.userName],
      ['sent', null],
    ]);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'alarm.action.confirm'), eq(auditLog.targetId, String(alarmId))));
    expect(audited).toHaveLength(1);
  });

  it('failures are on the timeline with their reason, and a rule names only what its author may reach', async () => {
    // A project without speakers, a gateway that is offline, a receiver answering 500.
    const otherProject = await createProject(t, admin, { name: uniq('Bare '), code: uniq('P-'), agentId: agentA.id });
    const dust = await onSite('dust', otherProject);
    const offline = await t.addDevice({ type: 'gateway', agentId: agentA.id });
    receiver.answer('/broken', { status: 500, body: 'down' });
    const broken = await t.api(
      alarmEscalationApi.channelAdd,
      {
        name: 'Broken',
        kind: 'webhook',
        scope: 'agent',
        agentId: agentA.id,
        url: `${receiver.base}/broken`,
        secret: 'x',
      },
      agentA.token,
    );
    expect(broken.body.code, broken.body.msg).toBe(200);
    const rule = await t.api.unchecked(
      alarmApi.ruleAdd,
      {
        name: uniq('Bare '),
        scope: 'device',
        deviceId: dust.id,
        deviceType: 'dust',
        severity: 'minor',
        condition: { logic: 'and', terms: [{ field: 'a34002', operator: 'gt', threshold: 150 }] },
        actions: [
          { kind: 'speak', text: 'Nobody hears this' },
          { kind: 'relay', deviceId: offline.id, output: 1, on: true },
          { kind: 'webhook', channelId: broken.body.data.id },
        ],
      },
      agentA.token,
    );
    expect(rule.body.code, rule.body.msg).toBe(200);
    dust.sim.sendTelemetry({ a34002: 300 });
    const alarmId = await alarmOf(dust.id);
    const d = await until(
      () => detailOf(alarmId, agentA.token),
      (x) => x.actions.length === 3 && x.actions.every((a) => a.state === 'failed'),
      'three failures',
    );
    expect(d.actions.map((a) => [a.action.kind, a.reason])).toEqual([
      ['speak', 'noSpeakers'],
      ['relay', 'offline'],
      ['webhook', 'HTTP 500'],
    ]);
    expect(actionEntries(d).every((e) => e.state === 'failed' && typeof e.reason === 'string')).toBe(true);

    // What a rule may name.
    const dustRule = {
      deviceType: 'dust',
      condition: { logic: 'and', terms: [{ field: 'a34002', operator: 'gt', threshold: 150 }] },
    };
    const ownDevice = await addRule(author.token, {
      ...dustRule,
      actions: [{ kind: 'relay', deviceId: null, output: 1, on: true }],
    });
    expect(ownDevice.status).toBe(400);
    expect(ownDevice.body.data.fields).toHaveProperty(['actions.0.deviceId']);
    const notRelay = await addRule(author.token, {
      ...dustRule,
      actions: [{ kind: 'relay', deviceId: speaker.id, output: 1, on: true }],
    });
    expect(notRelay.status).toBe(400);
    const foreignGateway = await t.addDevice({ type: 'gateway', agentId: agentB.id });
    expect(
      (
        await addRule(author.token, {
          ...dustRule,
          actions: [{ kind: 'relay', deviceId: foreignGateway.id, output: 1, on: true }],
        })
      ).status,
    ).toBe(404);
    const inapp = await t.api(
      alarmEscalationApi.channelAdd,
      { name: 'Box', kind: 'inapp', scope: 'project', projectId },
      author.token,
    );
    const people = await addRule(author.token, {
      ...dustRule,
      actions: [{ kind: 'webhook', channelId: inapp.body.data.id }],
    });
    expect(people.status).toBe(400);
    const tooLong = await addRule(author.token, { ...dustRule, actions: [{ kind: 'speak', text: 'x'.repeat(201) }] });
    expect(tooLong.status).toBe(400);
  });

  it('a channel a rule’s webhook action calls is not deleted (409 naming the rule, in the reader’s language) until the rule stops calling it', async () => {
    const hook = await t.api(
      alarmEscalationApi.channelAdd,
      { name: 'Spray hook', kind: 'webhook', scope: 'project', projectId, url: `${receiver.base}/spray`, secret: 'x' },
      author.token,
    );
    expect(hook.body.code, hook.body.msg).toBe(200);
    const name = uniq('Spray rule ');
    const rule = await addRule(author.token, {
      name,
      deviceType: 'dust',
      condition: { logic: 'and', terms: [{ field: 'a34002', operator: 'gt', threshold: 150 }] },
      actions: [{ kind: 'webhook', channelId: hook.body.data.id }],
    });
    expect(rule.body.code, rule.body.msg).toBe(200);
    const remove = (token: string | ReturnType<typeof inChinese>) =>
      t.api.unchecked(alarmEscalationApi.channelDelete, { ids: [hook.body.data.id] }, token);

    const refused = await remove(author.token);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(
      `Channel Spray hook is called by the actions of alarm rule ${name}: take it out of their actions first`,
    );
    expect(refused.body.data.rules).toEqual([{ id: rule.body.data.id, name, channelIds: [hook.body.data.id] }]);
    expect((await remove(inChinese(author.token))).body.msg).toBe(
      `通道 Spray hook 正被告警规则 ${name} 的联动动作调用，请先从其动作中移除`,
    );

    const emptied = await t.api(alarmApi.ruleUpdate, { id: rule.body.data.id, actions: [] }, author.token);
    expect(emptied.body.code, emptied.body.msg).toBe(200);
    expect((await remove(author.token)).status).toBe(200);
  });
});
