import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { notificationApi } from '@siteops/contracts/notification/api';
import {
  alarmChannelLog,
  alarmRules,
  alarms,
  alarmTimeline,
  auditLog,
  devices,
  escalationDeliveries,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { startMailbox } from '../../../test/mailbox.ts';
import { startSmsbox } from '../../../test/smsbox.ts';
import { lastAudit, lastAuditChanges } from '../../../test/fixtures.ts';
import {
  addDevice,
  expectEachSendOnce,
  raiseAlarm,
  siteChain,
  siteChannel,
  siteOf,
  siteRemindingChain,
  siteWebhook,
  startReceiver,
  until,
} from './escalationTestkit.ts';
import { pruneChannelLog } from './retention.ts';
import { SourceAlarms } from '../alarm/sources.ts';
import { NotificationService } from '../notification/service.ts';
import { checkAddress } from './send/addresses.ts';

/**
 * Escalation channels and chains against real receivers started here: an HTTP server standing in for
 * WeCom, DingTalk, Feishu and a webhook (signatures checked as each one's documentation computes them),
 * an SMTP server and an SMS gateway. Alarms are written as the alarm engine writes them, their raise
 * time moved back to stand for minutes passing.
 */
let t: TestApp;
let admin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let smsbox: Awaited<ReturnType<typeof startSmsbox>>;
let siteA: Awaited<ReturnType<typeof siteOf>>;
let siteB: Awaited<ReturnType<typeof siteOf>>;

const DING_SECRET = 'SEC0123456789abcdef-dingtalk';
const FEISHU_SECRET = 'feishu-secret-xyz';
const HOOK_SECRET = 'webhook-secret-123';

beforeAll(async () => {
  receiver = await startReceiver();
  mailbox = await startMailbox();
  smsbox = await startSmsbox();
  t = await createTestApp({
    SMTP_URL: mailbox.url,
    SMS_WEBHOOK_URL: smsbox.url,
    PUBLIC_URL: 'https://console.example.com',
    ALARM_ESCALATION_SWEEP_MS: '100',
    ALARM_WEBHOOK_RETRY_MS: '20',
    // The receivers here are on this machine, which the default policy refuses (tested below).
    ALARM_WEBHOOK_ADDRESSES: 'any',
  });
  admin = await t.login();
  siteA = await siteOf(t, admin);
  siteB = await siteOf(t, admin);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await mailbox?.close();
  await smsbox?.close();
});

type ChannelInput = Parameters<typeof t.api<typeof alarmEscalationApi.channelAdd>>[1];
async function addChannel(token: string, input: Partial<ChannelInput> & { kind: ChannelInput['kind'] }) {
  const res = await t.api(
    alarmEscalationApi.channelAdd,
    { name: `${input.kind} channel`, scope: 'project', projectId: siteA.projectId, ...input } as ChannelInput,
    token,
  );
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id;
}

const test = async (id: number, token = siteA.agent.token) => {
  const res = await t.api(alarmEscalationApi.channelTest, { id }, token);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
};

describe('channels', () => {
  it('store addresses and secrets and never answer them again, nor audit them', async () => {
    const url = `${receiver.base}/hidden/robot/send?access_token=very-secret-token`;
    const id = await addChannel(siteA.agent.token, { kind: 'dingtalk', url, secret: DING_SECRET });
    const list = await t.api(alarmEscalationApi.channelListAll, { projectId: siteA.projectId }, siteA.agent.token);
    const item = list.body.data.list.find((c: { id: number }) => c.id === id);
    expect(item).toMatchObject({ kind: 'dingtalk', urlSet: true, secretSet: true, scope: 'project' });
    const answered = JSON.stringify(list.body);
    expect(answered).not.toContain('very-secret-token');
    expect(answered).not.toContain(DING_SECRET);
    // Stored encrypted, and the audit trail says only that they were set.
    const stored = await t.database.db.execute(sql`select url, secret from alarm_channels where id = ${id}`);
    expect(JSON.stringify(stored)).not.toContain('very-secret-token');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(JSON.stringify(audits)).not.toContain('very-secret-token');
    expect(JSON.stringify(audits)).not.toContain(DING_SECRET);

    // A kind that signs needs its secret; a people channel takes no address.
    const noSecret = await t.api.unchecked(
      alarmEscalationApi.channelAdd,
      { name: 'x', kind: 'feishu', scope: 'project', projectId: siteA.projectId, url },
      siteA.agent.token,
    );
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.data.fields).toHaveProperty('secret');
    const inappWithUrl = await t.api.unchecked(
      alarmEscalationApi.channelAdd,
      { name: 'x', kind: 'inapp', scope: 'project', projectId: siteA.projectId, url },
      siteA.agent.token,
    );
    expect(inappWithUrl.status).toBe(400);
  });

  it('audits an update with its changes, a new address or secret named only, compared in clear', async () => {
    const url = `${receiver.base}/audited/hook?token=first-token`;
    const id = await addChannel(siteA.agent.token, { kind: 'webhook', name: 'Audited', url, secret: HOOK_SECRET });
    const update = {
      id,
      name: 'Audited now',
      url: `${receiver.base}/audited/hook?token=second-token`,
      secret: HOOK_SECRET,
    };
    const res = await t.api(alarmEscalationApi.channelUpdate, update, siteA.agent.token);
    expect(res.body).toMatchObject({ code: 200, data: null });
    const { row, changes } = await lastAudit(t, 'alarm.channel.update', id);
    // The same secret sent again is no change; the address changed, and only that is said.
    expect(changes).toEqual([
      { field: 'name', before: 'Audited', after: 'Audited now' },
      { field: 'url', redacted: true },
    ]);
    expect(JSON.stringify(row)).not.toMatch(/first-token|second-token|webhook-secret/);
  });

  it('a DingTalk test carries the signature as DingTalk documents it, and is logged with the answer', async () => {
    const id = await addChannel(siteA.agent.token, {
      kind: 'dingtalk',
      url: `${receiver.base}/dingtalk/robot/send?access_token=abc`,
      secret: DING_SECRET,
    });
    const before = Date.now();
    const delivery = await test(id);
    expect(delivery).toMatchObject({ ok: true, status: 200, test: true, reached: 1 });
    const [got] = receiver.at('/dingtalk/robot/send');
    expect(got.query.get('access_token')).toBe('abc');
    // DingTalk: timestamp in ms; sign = urlEncode(base64(HmacSHA256(key = secret, "timestamp\nsecret"))).
    const timestamp = got.query.get('timestamp')!;
    expect(Math.abs(Number(timestamp) - before)).toBeLessThan(60_000);
    const expected = createHmac('sha256', DING_SECRET).update(`${timestamp}\n${DING_SECRET}`).digest('base64');
    expect(got.query.get('sign')).toBe(expected);
    expect(new URL(got.path + '?' + got.query, 'http://x').search).toContain(`sign=${encodeURIComponent(expected)}`);
    expect(got.json).toMatchObject({ msgtype: 'text' });
    expect((got.json.text as { content: string }).content).toContain('SiteOps');

    const log = await t.api(alarmEscalationApi.channelLog, { id }, siteA.agent.token);
    expect(log.body.data.list[0]).toMatchObject({ id: delivery.id, ok: true, status: 200, test: true });
    expect(log.body.data.list[0].answer).toContain('errcode');
  });

  it('a Feishu test carries the signature in its body as Feishu documents it', async () => {
    const id = await addChannel(siteA.agent.token, {
      kind: 'feishu',
      url: `${receiver.base}/feishu/hook/xyz`,
      secret: FEISHU_SECRET,
    });
    expect(await test(id)).toMatchObject({ ok: true, status: 200 });
    const [got] = receiver.at('/feishu/hook/xyz');
    // Feishu: timestamp in seconds; sign = base64(HmacSHA256(key = "timestamp\nsecret", message = "")).
    const timestamp = got.json.timestamp as string;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const expected = createHmac('sha256', `${timestamp}\n${FEISHU_SECRET}`).update('').digest('base64');
    expect(got.json.sign).toBe(expected);
    expect(got.json).toMatchObject({ msg_type: 'text' });
  });

  it('a WeCom bot answering an error code is a failed delivery, logged with its answer', async () => {
    const id = await addChannel(siteA.agent.token, { kind: 'wecom', url: `${receiver.base}/wecom/send?key=k1` });
    receiver.answer('/wecom/send', { status: 200, body: '{"errcode":93000,"errmsg":"invalid webhook url"}' });
    const delivery = await test(id);
    expect(delivery).toMatchObject({ ok: false, status: 200, error: 'errcode 93000' });
    expect(delivery.answer).toContain('invalid webhook url');
    expect(delivery.attempts).toHaveLength(1);
    receiver.answer('/wecom/send', { status: 200, body: '{"errcode":0,"errmsg":"ok"}' });
    expect(await test(id)).toMatchObject({ ok: true });
  });

  it('the generic webhook is signed (HMAC-SHA256 over timestamp and body) and retried after a 500', async () => {
    const id = await addChannel(siteA.agent.token, {
      kind: 'webhook',
      url: `${receiver.base}/hook/retry`,
      secret: HOOK_SECRET,
    });
    receiver.answer(
      '/hook/retry',
      { status: 500, body: 'down' },
      { status: 503, body: 'still down' },
      { status: 200, body: 'thanks' },
    );
    const delivery = await test(id);
    expect(delivery).toMatchObject({ ok: true, status: 200, answer: 'thanks' });
    expect(delivery.attempts.map((a: { status: number }) => a.status)).toEqual([500, 503, 200]);
    const got = receiver.at('/hook/retry');
    expect(got).toHaveLength(3);
    for (const r of got) {
      const timestamp = r.headers['x-siteops-timestamp'] as string;
      const expected = createHmac('sha256', HOOK_SECRET).update(`${timestamp}.${r.body}`).digest('hex');
      expect(r.headers['x-siteops-signature']).toBe(`sha256=${expected}`);
    }
    // Backed off between tries: 20 ms, then 4 × 20 ms.
    expect(got[2].at - got[0].at).toBeGreaterThanOrEqual(95);
    expect(got[0].json).toMatchObject({ event: 'test' });

    // Always 500: three tries, a failed delivery with the last answer.
    receiver.answer('/hook/retry', { status: 500, body: 'broken' });
    const failed = await test(id);
    expect(failed).toMatchObject({ ok: false, status: 500, answer: 'broken', error: 'HTTP 500' });
    expect(failed.attempts).toHaveLength(3);
  });

  it('a receiver that does not answer at all is logged without its address', async () => {
    const id = await addChannel(siteA.agent.token, {
      kind: 'webhook',
      url: 'http://127.0.0.1:9/nowhere?token=hush',
      secret: HOOK_SECRET,
    });
    const delivery = await test(id);
    expect(delivery).toMatchObject({ ok: false, status: null });
    expect(delivery.attempts).toHaveLength(3);
    expect(JSON.stringify(delivery)).not.toContain('hush');
    expect(JSON.stringify(delivery)).not.toContain('127.0.0.1');
  });

  it('by default a channel cannot reach this machine nor link-local addresses (a cloud’s metadata)', async () => {
    const id = await addChannel(siteA.agent.token, {
      kind: 'webhook',
      url: `${receiver.base}/hook/blocked`,
      secret: HOOK_SECRET,
    });
    // The same database served by an instance with the default ALARM_WEBHOOK_ADDRESSES.
    const guarded = await createTestApp({ ALARM_WEBHOOK_RETRY_MS: '20' }, { database: t.database });
    try {
      const token = await guarded.login(siteA.agent.userName, 'Passw0rd!');
      const res = await guarded.api(alarmEscalationApi.channelTest, { id }, token);
      expect(res.body.data).toMatchObject({ ok: false, status: null, error: 'blockedAddress' });
      expect(res.body.data.attempts).toHaveLength(1);
      expect(receiver.at('/hook/blocked')).toHaveLength(0);
    } finally {
      await guarded.app.close();
    }
    for (const blocked of [
      'http://127.0.0.1/x',
      'http://[::1]/x',
      'http://169.254.169.254/latest',
      'http://localhost/x',
    ]) {
      await expect(checkAddress(blocked, 'no-loopback')).rejects.toThrow('blockedAddress');
    }
    await expect(checkAddress('http://10.1.2.3/x', 'no-loopback')).resolves.toBeUndefined();
    await expect(checkAddress('http://10.1.2.3/x', 'public')).rejects.toThrow('blockedAddress');
    await expect(checkAddress('http://[::ffff:192.168.1.9]/x', 'public')).rejects.toThrow('blockedAddress');
    await expect(checkAddress('http://203.0.113.7/x', 'public')).resolves.toBeUndefined();
    await expect(checkAddress('http://127.0.0.1/x', 'any')).resolves.toBeUndefined();
  });

  it('people channels test to the caller: message box, bound email, SMS', async () => {
    const inapp = await addChannel(siteA.manager.token, { kind: 'inapp' });
    const email = await addChannel(siteA.manager.token, { kind: 'email' });
    const sms = await addChannel(siteA.manager.token, { kind: 'sms' });
    expect(await test(inapp, siteA.manager.token)).toMatchObject({ ok: true, reached: 1 });
    const box = await t.api(notificationApi.listAll, { tab: 'message' }, siteA.manager.token);
    expect(box.body.data.list[0].title).toContain('SiteOps');
    const mails = mailbox.mails.length;
    expect(await test(email, siteA.manager.token)).toMatchObject({ ok: true, reached: 1 });
    const mail = await mailbox.next(siteA.manager.email, mails);
    expect(mail.text).toContain('测试消息');
    expect(mail.text).toContain('test message');
    expect(await test(sms, siteA.manager.token)).toMatchObject({ ok: true, reached: 1 });
    const text = (await smsbox.next(siteA.manager.phone)) as unknown as Record<string, string>;
    expect(text).toMatchObject({ purpose: 'alarm', locale: 'zh-CN' });
    // The agent has no bound email: nobody to reach, said so.
    expect(await test(email)).toMatchObject({ ok: false, error: 'noAddress' });
  });
});

describe('deleting a channel', () => {
  it('a channel a chain uses is refused (409 naming the chains, in the reader’s language) until it is taken out', async () => {
    const site = await siteOf(t, admin);
    const token = site.agent.token;
    const used = await siteChannel(t, site, { name: 'Site box', kind: 'inapp' });
    const spare = await siteChannel(t, site, { name: 'Spare box', kind: 'inapp' });
    const chain = await t.api(
      alarmEscalationApi.chainAdd,
      { projectId: site.projectId, name: 'Night shift', steps: [{ delayMinutes: 0, channelIds: [used] }] },
      token,
    );
    expect(chain.body.code, chain.body.msg).toBe(200);
    const project = (await t.api(alarmEscalationApi.chainListAll, { projectId: site.projectId }, token)).body.data
      .list[0].projectName as string;

    // The list says who uses each channel, for the console's delete confirmation.
    const list = (await t.api(alarmEscalationApi.channelListAll, { projectId: site.projectId }, token)).body.data
      .list as { id: number; usedBy: { id: number; name: string; projectName: string }[] }[];
    expect(list.find((c) => c.id === used)?.usedBy).toEqual([
      {
        id: chain.body.data.id,
        name: 'Night shift',
        projectId: site.projectId,
        projectName: project,
        channelIds: [used],
      },
    ]);
    expect(list.find((c) => c.id === spare)?.usedBy).toEqual([]);

    // All or none: with the spare one asked too, nothing goes.
    const refused = await t.api.unchecked(alarmEscalationApi.channelDelete, { ids: [spare, used] }, token);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(
      `Channel Site box is used by escalation chain Night shift (project ${project}): take it out of the chain first`,
    );
    expect(refused.body.data.chains).toEqual([
      {
        id: chain.body.data.id,
        name: 'Night shift',
        projectId: site.projectId,
        projectName: project,
        channelIds: [used],
      },
    ]);
    const zh = await t.api.unchecked(
      alarmEscalationApi.channelDelete,
      { ids: [used] },
      { token, headers: { 'accept-language': 'zh-CN' } },
    );
    expect(zh.status).toBe(409);
    expect(zh.body.msg).toBe(`通道 Site box 正被升级链 Night shift（项目 ${project}）使用，请先从升级链中移除`);
    const still = (await t.api(alarmEscalationApi.channelListAll, { projectId: site.projectId }, token)).body.data
      .list as { id: number }[];
    expect(still.map((c) => c.id)).toEqual(expect.arrayContaining([used, spare]));

    // Out of the chain, it goes.
    const moved = await t.api(
      alarmEscalationApi.chainUpdate,
      { id: chain.body.data.id, steps: [{ delayMinutes: 0, channelIds: [spare] }] },
      token,
    );
    expect(moved.body.code, moved.body.msg).toBe(200);
    expect(await lastAuditChanges(t, 'alarm.chain.update', chain.body.data.id)).toEqual([
      {
        field: 'steps',
        before: [expect.objectContaining({ channelIds: [used] })],
        after: [expect.objectContaining({ channelIds: [spare] })],
      },
    ]);
    const deleted = await t.api(alarmEscalationApi.channelDelete, { ids: [used] }, token);
    expect(deleted.body.code, deleted.body.msg).toBe(200);
  });
});

describe('the channel log', () => {
  it('keeps NOTIFICATION_RETENTION_DAYS of deliveries', async () => {
    const id = await addChannel(siteA.agent.token, { kind: 'inapp', name: 'Retention' });
    const old = new Date(Date.now() - 91 * 86_400_000);
    await t.database.db.insert(alarmChannelLog).values([
      { channelId: id, ok: true, test: true, at: old },
      { channelId: id, ok: true, test: true },
    ]);
    expect(await pruneChannelLog(t.database.db, 90)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select().from(alarmChannelLog).where(eq(alarmChannelLog.channelId, id));
    expect(left).toHaveLength(1);
    expect(left[0].at.getTime()).toBeGreaterThan(old.getTime());
  });
});

describe('scope', () => {
  it("an agent neither sees nor uses another agent's channels or chains", async () => {
    const id = await addChannel(siteA.agent.token, {
      kind: 'wecom',
      name: 'A group',
      url: `${receiver.base}/wecom/a`,
    });
    const agentWide = await addChannel(siteA.agent.token, {
      kind: 'wecom',
      name: 'A agent group',
      scope: 'agent',
      agentId: siteA.agent.id,
      projectId: undefined,
      url: `${receiver.base}/wecom/agent-a`,
    });
    const listB = await t.api(alarmEscalationApi.channelListAll, {}, siteB.agent.token);
    expect(listB.body.data.list.map((c: { id: number }) => c.id)).not.toContain(id);
    expect(listB.body.data.list.map((c: { id: number }) => c.id)).not.toContain(agentWide);
    for (const call of [
      t.api(alarmEscalationApi.channelTest, { id }, siteB.agent.token),
      t.api(alarmEscalationApi.channelLog, { id }, siteB.agent.token),
      t.api(alarmEscalationApi.channelUpdate, { id, name: 'mine now' }, siteB.agent.token),
      t.api(alarmEscalationApi.channelDelete, { ids: [id] }, siteB.agent.token),
    ]) {
      expect((await call).status).toBe(404);
    }
    // Nor put into a chain of its own project.
    const chainOf = (projectId: number, token: string) =>
      t.api(
        alarmEscalationApi.chainAdd,
        { projectId, name: 'x', steps: [{ delayMinutes: 0, channelIds: [id] }] },
        token,
      );
    const agentChannelOfA = (token: string) =>
      t.api.unchecked(
        alarmEscalationApi.channelAdd,
        { name: 'x', kind: 'inapp', scope: 'agent', agentId: siteA.agent.id },
        token,
      );
    expect((await chainOf(siteB.projectId, siteB.agent.token)).status).toBe(404);
    // Nor a channel for A's project or agent, nor a chain on A's project.
    expect((await agentChannelOfA(siteB.agent.token)).status).toBe(404);
    expect((await chainOf(siteA.projectId, siteB.agent.token)).status).toBe(404);
    // A's manager sees the project's channels, not the agent-wide ones; a manager cannot add an agent's.
    const listM = await t.api(alarmEscalationApi.channelListAll, {}, siteA.manager.token);
    expect(listM.body.data.list.map((c: { id: number }) => c.id)).toContain(id);
    expect(listM.body.data.list.map((c: { id: number }) => c.id)).not.toContain(agentWide);
    expect((await agentChannelOfA(siteA.manager.token)).status).toBe(403);
    // A project's chain may not name another project's channel, even one the caller sees (admin).
    expect((await chainOf(siteB.projectId, admin)).status).toBe(400);
  });
});

describe('escalation', () => {
  it('sends each step when due to whom and how it says, reminds, stops on acknowledge, and shows it on the timeline', async () => {
    const site = await siteOf(t, admin);
    const token = site.agent.token;
    const ch = async (input: Record<string, unknown>) => {
      const res = await t.api.unchecked(
        alarmEscalationApi.channelAdd,
        { scope: 'project', projectId: site.projectId, ...input },
        token,
      );
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data.id as number;
    };
    const inapp = await ch({ name: 'Message box', kind: 'inapp' });
    const email = await ch({ name: 'Email', kind: 'email' });
    const sms = await ch({ name: 'SMS', kind: 'sms' });
    const path = `/wecom/site-${site.projectId}`;
    const agentGroup = await t.api.unchecked(
      alarmEscalationApi.channelAdd,
      { name: 'Agent WeCom', kind: 'wecom', scope: 'agent', agentId: site.agent.id, url: `${receiver.base}${path}` },
      token,
    );
    const hookPath = `/hook/site-${site.projectId}`;
    const hook = await ch({ name: 'Ops', kind: 'webhook', url: `${receiver.base}${hookPath}`, secret: HOOK_SECRET });
    const chain = await t.api(
      alarmEscalationApi.chainAdd,
      {
        projectId: site.projectId,
        name: 'Dust',
        repeatMinutes: 5,
        steps: [
          { delayMinutes: 0, roles: ['projectManagers'], channelIds: [inapp, email] },
          { delayMinutes: 10, userIds: [site.manager.id], channelIds: [sms, agentGroup.body.data.id, hook] },
        ],
      },
      token,
    );
    expect(chain.body.code, chain.body.msg).toBe(200);
    // One chain per project.
    const second = await t.api(
      alarmEscalationApi.chainAdd,
      { projectId: site.projectId, name: 'Again', steps: [{ delayMinutes: 0, channelIds: [inapp] }] },
      token,
    );
    expect(second.status).toBe(409);

    const mails = mailbox.mails.length;
    const alarmId = await raiseAlarm(t, site);
    // Step 1 at once: the project's manager, in the message box and by email.
    const mail = await mailbox.next(site.manager.email, mails);
    expect(mail.subject).toContain('PM10 over 150');
    expect(mail.text).toContain(`https://console.example.com/alarm/alarm-list?alarm=${alarmId}`);
    const box = await until(
      () => t.api(notificationApi.listAll, { tab: 'message' }, site.manager.token),
      (r) => r.body.data.list.some((n: { link: string }) => n.link === `/alarm/alarm-list?alarm=${alarmId}`),
      'the message box',
    );
    expect(box.body.data.list[0].title).toContain('PM10 over 150');
    const timeline = async () =>
      (await t.api(alarmApi.detail, { id: alarmId }, token)).body.data.timeline.filter(
        (e: { kind: string }) => e.kind === 'notified',
      );
    const [first] = await until(timeline, (l) => l.length === 1, 'step 1 on the timeline');
    expect(first.detail).toMatchObject({
      step: 1,
      repeatNo: 0,
      people: [{ id: site.manager.id }],
      channels: [
        { channelId: inapp, kind: 'inapp', ok: true, reached: 1 },
        { channelId: email, kind: 'email', ok: true, reached: 1 },
      ],
    });
    // Step 2 is not due for 10 minutes.
    await new Promise((r) => setTimeout(r, 400));
    expect(receiver.at(path)).toHaveLength(0);

    // Ten minutes on: SMS to the manager, the agent's WeCom group and the signed webhook.
    const moveBack = (minutes: number) =>
      t.database.db
        .update(alarms)
        .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(alarms.id, alarmId));
    await moveBack(10.5);
    await until(
      () => receiver.at(hookPath).length,
      (n) => n === 1,
      'step 2 webhook',
    );
    await until(
      () => receiver.at(path).length,
      (n) => n === 1,
      'step 2 WeCom',
    );
    const text = (await smsbox.next(site.manager.phone)) as unknown as { text: string };
    expect(text.text).toContain('PM10 over 150');
    expect(receiver.at(hookPath)[0].json).toMatchObject({ event: 'alarm.escalation', step: 2, repeatNo: 0 });
    expect(receiver.at(hookPath)[0].json.alarm).toMatchObject({ id: alarmId, severity: 'major' });
    await until(timeline, (l) => l.length === 2, 'step 2 on the timeline');

    // Five minutes after step 2: a reminder of step 2.
    await moveBack(15.5);
    await until(
      () => receiver.at(hookPath).length,
      (n) => n === 2,
      'the reminder',
    );
    expect(receiver.at(hookPath)[1].json).toMatchObject({ step: 2, repeatNo: 1 });

    // Acknowledged: nothing more, however long it stays open.
    expect((await t.api(alarmApi.acknowledge, { ids: [alarmId] }, site.manager.token)).body.code).toBe(200);
    await moveBack(60);
    await new Promise((r) => setTimeout(r, 600));
    expect(receiver.at(hookPath)).toHaveLength(2);
    const sends = await t.database.db
      .select()
      .from(escalationDeliveries)
      .where(eq(escalationDeliveries.alarmId, alarmId));
    expect(sends.map((s) => [s.step, s.repeatNo]).sort()).toEqual([
      [1, 0],
      [2, 0],
      [2, 1],
    ]);
    expect(
      (await timeline()).map((e: { detail: Record<string, unknown> }) => [e.detail.step, e.detail.repeatNo]),
    ).toEqual([
      [1, 0],
      [2, 0],
      [2, 1],
    ]);

    // A cleared alarm is not escalated either; a severity the chain leaves out is not escalated at all.
    await t.api(alarmEscalationApi.chainUpdate, { id: chain.body.data.id, severities: ['critical'] }, token);
    const minor = await raiseAlarm(t, { deviceId: await addDevice(t, site), ruleId: site.ruleId }, 20);
    const cleared = await raiseAlarm(t, { deviceId: await addDevice(t, site), ruleId: site.ruleId }, 20, 'critical');
    await t.database.db.update(alarms).set({ status: 'cleared' }).where(eq(alarms.id, cleared));
    await new Promise((r) => setTimeout(r, 500));
    const none = await t.database.db
      .select()
      .from(alarmTimeline)
      .where(and(eq(alarmTimeline.kind, 'notified'), sql`${alarmTimeline.alarmId} in (${minor}, ${cleared})`));
    expect(none).toHaveLength(0);
  });

  it('a device offline tells each person once: the chain’s message box skips those the offline notice told', async () => {
    const site = await siteOf(t, admin);
    const token = site.agent.token;
    const box = await siteChannel(t, site, { name: 'Site box', kind: 'inapp' });
    await siteChain(t, site, {
      name: 'Offline',
      steps: [{ delayMinutes: 0, roles: ['agentUsers', 'projectManagers'], channelIds: [box] }],
    });
    await t.database.db.insert(alarmRules).values({
      name: 'Offline 5 min',
      scope: 'project',
      projectId: site.projectId,
      deviceType: null,
      source: { kind: 'offline', minutes: 5 },
      severity: 'major',
    });
    await t.database.db
      .update(devices)
      .set({ authStatus: 'authorize', onlineStatus: 'offline', heartbeatDatetime: new Date(Date.now() - 6 * 60_000) })
      .where(eq(devices.id, site.deviceId));
    // The offline sweep (alarm module) with the server's message box, then the chain's own sweep.
    const notifier = new NotificationService(t.database.db, { publish: () => {} }, t.app.log);
    await new SourceAlarms(t.database.db, t.app.log, undefined, notifier).sweep();
    const [alarm] = await t.database.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.deviceId, site.deviceId), eq(alarms.status, 'active')));
    const [step] = await until(
      async () =>
        (await t.api(alarmApi.detail, { id: alarm.id }, token)).body.data.timeline.filter(
          (e: { kind: string }) => e.kind === 'notified',
        ),
      (l) => l.length === 1,
      'step 1 on the timeline',
    );
    const about = async (who: string) =>
      (
        (await t.api(notificationApi.listAll, { tab: 'message', pageSize: 50 }, who)).body.data.list as {
          link: string;
        }[]
      ).filter((n) => n.link === `/alarm/alarm-list?alarm=${alarm.id}` || n.link.includes('/device/device-list?sn='));
    // The agent was told by the offline notice only; the manager, whom it does not tell, by the chain.
    const agentGot = await about(token);
    expect(agentGot).toHaveLength(1);
    expect(agentGot[0].link).toContain('/device/device-list?sn=');
    const managerGot = await about(site.manager.token);
    expect(managerGot.map((n) => n.link)).toEqual([`/alarm/alarm-list?alarm=${alarm.id}`]);
    expect(step.detail).toMatchObject({
      people: [{ id: site.manager.id }, { id: site.agent.userId }].sort((a, b) => a.id - b.id),
      channels: [{ kind: 'inapp', ok: true, reached: 1 }],
      alreadyNoticed: [{ id: site.agent.userId }],
    });
  });

  it('a step claimed by an instance that died before sending is sent by another once the claim lapses; a claim in progress is not', async () => {
    const site = await siteOf(t, admin);
    const { hook, hookPath } = await siteWebhook(t, site, receiver, { name: 'Lease', secret: HOOK_SECRET });
    // Claimed 20 minutes ago by an instance that died before sending; claimed a minute ago by one sending now.
    const lost = await raiseAlarm(t, { deviceId: await addDevice(t, site), ruleId: site.ruleId }, 30);
    const busy = await raiseAlarm(t, { deviceId: await addDevice(t, site), ruleId: site.ruleId }, 30);
    await t.database.db.insert(escalationDeliveries).values([
      { alarmId: lost, step: 1, repeatNo: 0, claimedAt: new Date(Date.now() - 20 * 60_000) },
      { alarmId: busy, step: 1, repeatNo: 0, claimedAt: new Date(Date.now() - 60_000) },
    ]);
    const chain = await siteChain(t, site, { name: 'Lease', steps: [{ delayMinutes: 0, channelIds: [hook] }] });
    await until(
      () => receiver.at(hookPath).length,
      (n) => n >= 1,
      'the lost step',
    );
    await new Promise((r) => setTimeout(r, 600));
    const got = receiver.at(hookPath).map((r) => (r.json as { alarm: { id: number } }).alarm.id);
    expect(got).toEqual([lost]);
    const [row] = await t.database.db.select().from(escalationDeliveries).where(eq(escalationDeliveries.alarmId, lost));
    expect(row.finishedAt).not.toBeNull();
    expect(row.chainId).toBe(chain);
  });

  it('two sweepers on one database send each step once', async () => {
    const site = await siteOf(t, admin);
    const { hook, hookPath } = await siteWebhook(t, site, receiver, { name: 'Race', secret: HOOK_SECRET });
    // A second instance of the server on the same database, sweeping beside the first.
    const other = await createTestApp(
      { ALARM_ESCALATION_SWEEP_MS: '50', ALARM_WEBHOOK_RETRY_MS: '20', ALARM_WEBHOOK_ADDRESSES: 'any' },
      { database: t.database },
    );
    try {
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) {
        ids.push(await raiseAlarm(t, { deviceId: await addDevice(t, site), ruleId: site.ruleId }, 12));
      }
      await siteRemindingChain(t, site, 'Race', hook);
      // 20 alarms × (step 1, step 2, step 2's 2nd reminder).
      await expectEachSendOnce(receiver, hookPath, ids, 20_000);
    } finally {
      await other.app.close();
    }
  });
});
