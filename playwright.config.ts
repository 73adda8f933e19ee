import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** E2E runs the real server (embedded database in a fresh directory) serving the built console. */
const port = Number(process.env.E2E_PORT ?? 8181);
process.env.E2E_DATA_DIR ??= path.resolve('.tmp', `e2e-${Date.now()}`);
export const E2E_ADMIN_PASSWORD = 'Admin@12345';

export default defineConfig({
  testDir: 'apps/web/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
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
      // E2E_WEB_DIST lets parallel work build the console elsewhere (vite build --outDir) without clobbering.
      WEB_DIST: path.resolve(process.env.E2E_WEB_DIST ?? 'apps/web/dist'),
    },
  },
});
