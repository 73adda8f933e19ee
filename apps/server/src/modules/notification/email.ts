import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationKind } from '@siteops/contracts/notification/schemas';
import type { NewNotification } from '../../ports/context.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, userSecurity } from '../../db/schema/index.ts';
import { t, type Lang, type MessageKey } from '../../core/messages/index.ts';
import { sendMail, type OutgoingMail } from '../../mail/transport.ts';

/** Recipients looked up per statement (an announcement can reach 10,000 users). */
const CHUNK = 5_000;
/** Chinese first, the console's default; the server does not know a reader's language outside a request. */
const MAIL_LANGS: readonly Lang[] = ['zh-CN', 'en-US'];

/**
 * Notification emails (SMTP_URL): to each recipient who chose email for the notification's kind and
 * has a security email, which was bound by a one-time code, so nothing goes to an address its owner did
 * not prove. Sent one by one after the notification is stored, never holding up the action behind it.
 */
export class NotificationMail {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether this server can send email at all (the console greys the email switches out otherwise). */
  get available(): boolean {
    return this.config.securityCodes.smtpUrl !== undefined;
  }

  /** Emails those of `userIds` who asked for this kind by email. Never rejects; answers how many went. */
  async send(userIds: readonly number[], n: NewNotification & { kind: NotificationKind }): Promise<number> {
    const smtp = this.config.securityCodes.smtpUrl;
    if (!smtp || userIds.length === 0) return 0;
    let sent = 0;
    try {
      const mail = this.compose(n);
      for (let i = 0; i < userIds.length; i += CHUNK) {
        for (const { email } of await this.addressesOf(userIds.slice(i, i + CHUNK), n.kind)) {
          try {
            await sendMail({ url: smtp, from: this.config.securityCodes.smtpFrom }, { ...mail, to: email! });
            sent += 1;
          } catch (err) {
            this.log.warn({ err, kind: n.kind }, 'notification email not sent');
          }
        }
      }
    } catch (err) {
      this.log.warn({ err, kind: n.kind }, 'notification emails not sent');
    }
    return sent;
  }

  private addressesOf(userIds: readonly number[], kind: NotificationKind) {
    const wantsEmail = and(
      eq(notificationPreferences.userId, userSecurity.userId),
      eq(notificationPreferences.kind, kind),
      eq(notificationPreferences.email, true),
    );
    return this.db
      .select({ email: userSecurity.email })
      .from(userSecurity)
      .innerJoin(notificationPreferences, wantsEmail)
      .where(and(inArray(userSecurity.userId, [...userIds]), isNotNull(userSecurity.email)));
  }

  /** The same mail for every recipient: each language in turn, with the link and why it was sent. */
  private compose(n: NewNotification & { kind: NotificationKind }): Omit<OutgoingMail, 'to'> {
    const url = n.link ? `${this.config.publicUrl ?? ''}${n.link}` : undefined;
    const kind = t(`notification.kind.${n.kind}` as MessageKey);
    const part = (lang: Lang) =>
      [
        n.title.render(lang),
        n.body?.render(lang),
        url && t('notification.mail.open', { url }).render(lang),
        t('notification.mail.why', { kind }).render(lang),
      ]
        .filter(Boolean)
        .join('\n\n');
    const subjects = [...new Set(MAIL_LANGS.map((lang) => n.title.render(lang)))];
    return {
      subject: `SiteOps: ${subjects.join(' / ')}`,
      text: MAIL_LANGS.map(part).join('\n\n——————\n\n'),
      language: MAIL_LANGS.join(', '),
    };
  }
}
