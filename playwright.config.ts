import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** E2E runs the real server (embedded database in a fresh directory) serving the built console. */
const port = Number(process.env.E2E_PORT ?? 8181);
process.env.E2E_DATA_DIR ??= path.resolve('.tmp', `e2e-${Date.now()}`);
export const E2E_ADMIN_PASSWORD = 'Admin@12345';
/**
 * The run's SMTP server (started by global-setup.ts, read by e2e/mailbox.ts). Its port is chosen here,
 * once, before the web server starts, since that server is told SMTP_URL; workers inherit it.
 */
process.env.E2E_SMTP_PORT ??= freePort();
process.env.E2E_MAIL_DIR ??= path.resolve('.tmp', `e2e-mail-${Date.now()}`);
/** The run's SMS webhook receiver (global-setup.ts, read by e2e/smsbox.ts), chosen the same way. */
process.env.E2E_SMS_PORT ??= freePort();
process.env.E2E_SMS_DIR ??= path.resolve('.tmp', `e2e-sms-${Date.now()}`);
/** The server's embedded MQTT broker (specs link simulated devices over MQTT through it). */
process.env.E2E_MQTT_PORT ??= freePort();
/** Its HJ 212 listener (a spec's simulated dust monitor dials it over TCP). */
process.env.E2E_HJ212_PORT ??= freePort();

/**
 * Every test's browser starts as a returning one (global-setup.ts writes this storage state): it draws the
 * console from antd's prebuilt stylesheet, as an operator's browser does from its second visit on, instead
 * of generating antd's styles on each test's first load (15 % of a login and a list page's time, measured
 * on this machine). list-load.spec.ts opts out to check the first visit itself.
 */
process.env.E2E_STORAGE_STATE ??= path.resolve('.tmp', `e2e-returning-${Date.now()}.json`);
const E2E_ORIGIN = `http://127.0.0.1:${port}`;
const E2E_WEB_DIST = path.resolve(process.env.E2E_WEB_DIST ?? 'apps/web/dist');

/** A port free right now on 127.0.0.1 (synchronous: the config's values are plain). */
function freePort(): string {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

export default defineConfig({
  testDir: 'apps/web/e2e',
  globalSetup: './apps/web/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  // In CI a test that fails is run once more; one that then passes is reported as flaky (scripts/test.mjs
  // prints the count) so races stay visible without one of 80 browser tests deciding a landing alone.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL: E2E_ORIGIN,
    storageState: process.env.E2E_STORAGE_STATE,
    locale: 'zh-CN',
    // No animations: a machine running two browsers and the server on two cores spends its time on the
    // tests, not on drawing transitions (the console turns antd's motion off for prefers-reduced-motion).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // A cold start (tsx transform, a new embedded database) can take over a minute on a busy 2-core machine.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      // Security codes go to the run's own SMTP server and SMS webhook receiver (global-setup.ts).
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      SMS_WEBHOOK_URL: `http://127.0.0.1:${process.env.E2E_SMS_PORT}/sms`,
      // Notification emails link to the console where the run serves it (notification-email.spec.ts).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Escalation channels post to receivers a spec starts on this machine (escalation.spec.ts).
      ALARM_WEBHOOK_ADDRESSES: 'any',
      // E2E_WEB_DIST lets parallel work build the console elsewhere (vite build --outDir) without clobbering.
      WEB_DIST: E2E_WEB_DIST,
      MQTT_PORT: process.env.E2E_MQTT_PORT,
      HJ212_PORT: process.env.E2E_HJ212_PORT,
      // analysis-presence.spec.ts waits for the sampler's next slot: 30 s rather than the default 5 minutes.
      PRESENCE_SAMPLE_SECONDS: '30',
    },
  },
});
