import fs from 'node:fs';
import path from 'node:path';
import { startMailbox } from '../../server/test/mailbox';

/**
 * A real SMTP server for the run: playwright.config.ts gives the console's server SMTP_URL on
 * E2E_SMTP_PORT, and every mail received lands as a JSON file in E2E_MAIL_DIR, where a test (another
 * process) reads the code a user would find in their inbox (see mailbox.ts).
 */
export default async function globalSetup() {
  const dir = process.env.E2E_MAIL_DIR!;
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const mailbox = await startMailbox({
    port: Number(process.env.E2E_SMTP_PORT),
    onMail: (mail) => fs.writeFileSync(path.join(dir, `${Date.now()}-${n++}.json`), JSON.stringify(mail)),
  });
  return () => mailbox.close();
}
