import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** The newest mail the run's SMTP server (global-setup.ts) received for `address`, waiting for it. */
export async function mailTo(address: string): Promise<Mail> {
  const dir = process.env.E2E_MAIL_DIR!;
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
        found = files
          .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Mail)
          .findLast((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
        return Boolean(found);
      },
      { message: `a mail to ${address}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The 6-digit code of a security-code mail. */
export const codeOf = (mail: Mail) => /(\d{6})/.exec(mail.subject)![1]!;
