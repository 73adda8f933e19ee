import { everyIn, newestIn } from './inbox';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

const isTo = (address: string) => (m: Mail) => m.to.some((to) => to.toLowerCase() === address.toLowerCase());

/**
 * The newest mail the run's SMTP server (global-setup.ts) received for `address` that `match` accepts,
 * waiting for it.
 */
export function mailTo(address: string, match: (mail: Mail) => boolean = () => true): Promise<Mail> {
  const to = isTo(address);
  return newestIn<Mail>(process.env.E2E_MAIL_DIR!, (m) => to(m) && match(m), `a mail to ${address}`);
}

/** Every mail received for `address` so far, oldest first, without waiting. */
export const mailsTo = (address: string): Mail[] => everyIn(process.env.E2E_MAIL_DIR!, isTo(address));

/** The 6-digit code of a security-code mail. */
export const codeOf = (mail: Mail) => /(\d{6})/.exec(mail.subject)![1]!;
