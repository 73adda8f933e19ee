import fs from 'node:fs';
import type { FullConfig } from '@playwright/test';
import path from 'node:path';
import { startMailbox } from '../../server/test/mailbox';
import { startSmsbox } from '../../server/test/smsbox';

/**
 * A real SMTP server and a real SMS webhook receiver for the run: playwright.config.ts gives the
 * console's server SMTP_URL on E2E_SMTP_PORT and SMS_WEBHOOK_URL on E2E_SMS_PORT, and every mail or text
 * received lands as a JSON file in E2E_MAIL_DIR or E2E_SMS_DIR, where a test (another process) reads the
 * code a user would find in their inbox or on their phone (see mailbox.ts and smsbox.ts).
 */
export default async function globalSetup(config: FullConfig) {
  writeReturningBrowserState(config);
  const mailDir = process.env.E2E_MAIL_DIR!;
  const smsDir = process.env.E2E_SMS_DIR!;
  fs.mkdirSync(mailDir, { recursive: true });
  fs.mkdirSync(smsDir, { recursive: true });
  let n = 0;
  const file = () => `${Date.now()}-${String(n++).padStart(6, '0')}.json`;
  const mailbox = await startMailbox({
    port: Number(process.env.E2E_SMTP_PORT),
    onMail: (mail) => fs.writeFileSync(path.join(mailDir, file()), JSON.stringify(mail)),
  });
  const smsbox = await startSmsbox({
    port: Number(process.env.E2E_SMS_PORT),
    onText: (text) => fs.writeFileSync(path.join(smsDir, file()), JSON.stringify(text)),
  });
  return async () => {
    await mailbox.close();
    await smsbox.close();
  };
}

/**
 * The storage state playwright.config.ts gives every test's browser: the address of this build's antd
 * stylesheet remembered, as a returning browser holds it (app/providers/antdStylesheet.ts).
 */
function writeReturningBrowserState(config: FullConfig) {
  const origin = config.projects[0]!.use.baseURL!;
  const assets = path.join(config.webServer!.env!.WEB_DIST!, 'assets');
  const stylesheet = fs.readdirSync(assets).find((f) => /^antd-[\w-]+\.css$/.test(f));
  if (!stylesheet) throw new Error(`no antd stylesheet in ${assets}: build the console first`);
  const state = {
    cookies: [],
    origins: [{ origin, localStorage: [{ name: 'siteops.antdStylesheet', value: `/assets/${stylesheet}` }] }],
  };
  const file = process.env.E2E_STORAGE_STATE!;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(state));
}
