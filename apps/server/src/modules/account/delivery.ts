import type { SecurityChannel } from '@siteops/contracts/account/schemas';
import type { Config } from '../../config.ts';
import { t, type Lang } from '../../core/messages/index.ts';
import { sendMail } from '../../mail/transport.ts';

/** What a code is sent with: where to, in which language, for whom, and how long it works. */
export interface CodeMessage {
  channel: SecurityChannel;
  target: string;
  code: string;
  lang: Lang;
  userName: string;
  minutes: number;
  /** What the code is for: binding this address (the default) or resetting a forgotten password. */
  purpose?: 'bind' | 'recover';
}

/** Whether this deployment can send codes on the channel (the console greys the binding out otherwise). */
export function canSend(config: Config, channel: SecurityChannel): boolean {
  const c = config.securityCodes;
  return channel === 'email' ? c.smtpUrl !== undefined : c.smsWebhookUrl !== undefined;
}

const SMS_TIMEOUT_MS = 10_000;

/** Send the code by email (SMTP_URL) or SMS webhook (SMS_WEBHOOK_URL); rejects when it could not be handed over. */
export async function sendCode(config: Config, m: CodeMessage): Promise<void> {
  const c = config.securityCodes;
  if (m.channel === 'email') {
    const params = { code: m.code, user: m.userName, minutes: m.minutes };
    await sendMail(
      { url: c.smtpUrl!, from: c.smtpFrom },
      {
        to: m.target,
        subject: t('account.mail.subject', params).render(m.lang),
        text: t(m.purpose === 'recover' ? 'account.recoverMail.body' : 'account.mail.body', params).render(m.lang),
        language: m.lang,
      },
    );
    return;
  }
  const res = await fetch(c.smsWebhookUrl!.reveal(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // `purpose` lets the gateway pick its text (an SMS template): binding the phone or resetting the password.
    body: JSON.stringify({ phone: m.target, code: m.code, locale: m.lang, purpose: m.purpose ?? 'bind' }),
    signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`SMS webhook answered HTTP ${res.status}`);
}
