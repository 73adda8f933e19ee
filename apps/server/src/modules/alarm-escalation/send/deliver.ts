import type { ChannelKind } from '@siteops/contracts/alarm-escalation/schemas';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@siteops/contracts/alarm-escalation/schemas';
import type { NotificationLevel } from '@siteops/contracts/notification/schemas';
import type { Config } from '../../../config.ts';
import type { Pii } from '../../../crypto/pii.ts';
import type { Db } from '../../../db/client.ts';
import { alarmChannelLog, type AlarmChannelRow, type StoredAttempt } from '../../../db/schema/index.ts';
import { sendMail } from '../../../mail/transport.ts';
import type { Notifier } from '../../../ports/context.ts';
import type { Person } from '../people.ts';
import { bothLanguages, eachLanguage, plainText, type Message } from '../message.ts';
import { errorWords, postWithRetries, type PostResult } from './post.ts';
import { dingTalkSignedUrl, feishuSignature, webhookSignature } from './sign.ts';

/** What sending needs from the app. */
export interface SendDeps {
  db: Db;
  pii: Pii;
  config: Config;
  notifications: Notifier;
}

/** What one delivery through one channel came to, as logged (alarm_channel_log). */
export interface Delivery {
  id: number;
  channelId: number;
  ok: boolean;
  reached: number;
  status: number | null;
  answer: string | null;
  error: string | null;
  attempts: StoredAttempt[];
  at: Date;
}

/** Which send this is: an alarm's step (or reminder), or a test. */
export type SendContext = { alarmId: number; step: number; repeatNo: number; severity: string } | { test: true };

type Outcome = Omit<Delivery, 'id' | 'channelId' | 'at'>;

const failed = (error: string): Outcome => ({
  ok: false,
  reached: 0,
  status: null,
  answer: null,
  error,
  attempts: [],
});

/** A bot's answer: 2xx and, in its JSON, errcode 0 (WeCom, DingTalk) or code 0 (Feishu). */
function botOutcome(r: PostResult, codeField: 'errcode' | 'code'): Outcome {
  const base = { status: r.status, answer: r.answer, attempts: r.attempts };
  if (r.status === null || r.status < 200 || r.status >= 300)
    return { ...base, ok: false, reached: 0, error: r.error ?? `HTTP ${r.status}` };
  let code: unknown;
  try {
    const json = JSON.parse(r.answer ?? '') as Record<string, unknown>;
    code = json[codeField] ?? json.StatusCode;
  } catch {
    code = undefined;
  }
  return code === 0
    ? { ...base, ok: true, reached: 1, error: null }
    : { ...base, ok: false, reached: 0, error: `${codeField} ${String(code)}` };
}

const levelOf = (ctx: SendContext): NotificationLevel =>
  'test' in ctx ? 'info' : ctx.severity === 'critical' || ctx.severity === 'major' ? 'error' : 'warning';

/** The outcome of one send, as a row of the channel log (alarm_channel_log). */
export type LogRow = typeof alarmChannelLog.$inferInsert;

/**
 * Send `message` through `channel` to `people` (the people channels) or to its address (the others).
 * Never rejects: a failure is a delivery that did not go. Answers the log row saying what the receiver
 * answered, for the caller to write. The address and the secret are decrypted here, used, and appear
 * nowhere else.
 */
export async function sendThrough(
  deps: SendDeps,
  channel: AlarmChannelRow,
  message: Message,
  people: readonly Person[],
  ctx: SendContext,
): Promise<LogRow & Outcome> {
  let outcome: Outcome;
  try {
    outcome = await send(deps, channel, message, people, ctx);
  } catch (err) {
    outcome = failed(errorWords(err));
  }
  return {
    channelId: channel.id,
    alarmId: 'test' in ctx ? null : ctx.alarmId,
    step: 'test' in ctx ? null : ctx.step,
    repeatNo: 'test' in ctx ? null : ctx.repeatNo,
    test: 'test' in ctx,
    ...outcome,
    answer: outcome.answer?.slice(0, 512) ?? null,
    error: outcome.error?.slice(0, 256) ?? null,
  };
}

/** {@link sendThrough}, and its log row written: answers the delivery as logged. */
export async function deliver(
  deps: SendDeps,
  channel: AlarmChannelRow,
  message: Message,
  people: readonly Person[],
  ctx: SendContext,
): Promise<Delivery> {
  const row = await sendThrough(deps, channel, message, people, ctx);
  const [logged] = await deps.db
    .insert(alarmChannelLog)
    .values(row)
    .returning({ id: alarmChannelLog.id, at: alarmChannelLog.at });
  return { ...row, id: logged.id, channelId: channel.id, at: logged.at };
}

async function send(
  deps: SendDeps,
  channel: AlarmChannelRow,
  message: Message,
  people: readonly Person[],
  ctx: SendContext,
): Promise<Outcome> {
  const { config } = deps;
  const kind = channel.kind as ChannelKind;
  const publicUrl = config.publicUrl;
  const retryMs = config.alarmEscalation.retryMs;
  const policy = config.alarmEscalation.addresses;
  const reveal = (column: 'url' | 'secret') => {
    const stored = channel[column];
    return stored ? deps.pii.decrypt(stored, `alarm_channels.${column}`) : '';
  };
  /** A post to a chat bot, retried; `codeField` of its JSON answer says whether the bot took it. */
  const postToBot = async (target: Parameters<typeof postWithRetries>[0], codeField: 'errcode' | 'code') =>
    botOutcome(await postWithRetries(target, retryMs, policy), codeField);

  switch (kind) {
    case 'inapp': {
      if (people.length === 0) return failed('nobody');
      const reached = await deps.notifications.notify({
        to: { userIds: people.map((p) => p.id) },
        tab: 'message',
        level: levelOf(ctx),
        title: message.title,
        body: message.body,
        link: message.link,
      });
      return {
        ok: reached > 0,
        reached,
        status: null,
        answer: null,
        error: reached > 0 ? null : 'nobody',
        attempts: [],
      };
    }
    case 'email': {
      const smtp = config.securityCodes.smtpUrl;
      if (!smtp) return failed('notConfigured');
      const to = people.filter((p) => p.email);
      if (to.length === 0) return failed('noAddress');
      // No language is kept per user: each mail says it in both, Chinese first (as notification emails).
      const mail = {
        subject: `SiteOps: ${[...new Set([message.title.render('zh-CN'), message.title.render('en-US')])].join(' / ')}`,
        text: (['zh-CN', 'en-US'] as const).map((l) => plainText(message, l, publicUrl)).join('\n\n——————\n\n'),
        language: 'zh-CN, en-US',
      };
      const attempts: StoredAttempt[] = [];
      for (const p of to) {
        const at = new Date().toISOString();
        try {
          await sendMail({ url: smtp, from: config.securityCodes.smtpFrom }, { ...mail, to: p.email! });
          attempts.push({ at, status: null, answer: p.userName, error: null });
        } catch (err) {
          attempts.push({ at, status: null, answer: p.userName, error: errorWords(err) });
        }
      }
      const reached = attempts.filter((a) => !a.error).length;
      return { ok: reached > 0, reached, status: null, answer: null, error: reached > 0 ? null : 'notSent', attempts };
    }
    case 'sms': {
      const hook = config.securityCodes.smsWebhookUrl;
      if (!hook) return failed('notConfigured');
      const to = people.filter((p) => p.phone);
      if (to.length === 0) return failed('noAddress');
      const attempts: StoredAttempt[] = [];
      let reached = 0;
      let last: PostResult | undefined;
      for (const p of to) {
        // The SMS gateway's body (decision 0019) with `purpose: alarm` and the text in the sites' language.
        const body = JSON.stringify({
          phone: p.phone,
          purpose: 'alarm',
          locale: 'zh-CN',
          text: plainText(message, 'zh-CN', publicUrl),
          texts: eachLanguage(message, publicUrl),
        });
        last = await postWithRetries(() => ({ url: hook.reveal(), body, headers: {} }), retryMs);
        attempts.push(...last.attempts);
        if (last.status !== null && last.status >= 200 && last.status < 300) reached++;
      }
      return {
        ok: reached > 0,
        reached,
        status: last?.status ?? null,
        answer: last?.answer ?? null,
        error: reached > 0 ? null : (last?.error ?? `HTTP ${last?.status}`),
        attempts,
      };
    }
    case 'wecom': {
      const body = JSON.stringify({ msgtype: 'text', text: { content: bothLanguages(message, publicUrl) } });
      return postToBot(() => ({ url: reveal('url'), body, headers: {} }), 'errcode');
    }
    case 'dingtalk': {
      const body = JSON.stringify({ msgtype: 'text', text: { content: bothLanguages(message, publicUrl) } });
      const url = reveal('url');
      const secret = reveal('secret');
      return postToBot(() => ({ url: dingTalkSignedUrl(url, secret, Date.now()), body, headers: {} }), 'errcode');
    }
    case 'feishu': {
      const url = reveal('url');
      const secret = reveal('secret');
      const text = bothLanguages(message, publicUrl);
      return postToBot(() => {
        const signed = feishuSignature(secret, Date.now());
        return { url, body: JSON.stringify({ ...signed, msg_type: 'text', content: { text } }), headers: {} };
      }, 'code');
    }
    case 'webhook': {
      const url = reveal('url');
      const secret = reveal('secret');
      const body = JSON.stringify({
        ...message.event,
        title: Object.fromEntries((['zh-CN', 'en-US'] as const).map((l) => [l, message.title.render(l)])),
        text: eachLanguage(message, publicUrl),
        link: message.link ? `${publicUrl ?? ''}${message.link}` : null,
        sentAt: new Date().toISOString(),
      });
      const r = await postWithRetries(
        () => {
          const timestamp = String(Math.floor(Date.now() / 1000));
          return {
            url,
            body,
            headers: {
              [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
              [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(secret, timestamp, body),
            },
          };
        },
        retryMs,
        policy,
      );
      const ok = r.status !== null && r.status >= 200 && r.status < 300;
      return {
        ok,
        reached: ok ? 1 : 0,
        status: r.status,
        answer: r.answer,
        error: ok ? null : (r.error ?? `HTTP ${r.status}`),
        attempts: r.attempts,
      };
    }
  }
}
