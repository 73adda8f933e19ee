import { expect, type Browser, type Page } from '@playwright/test';
import {
  ADMIN,
  agentSiteFor,
  apiLogin,
  client,
  consoleReady,
  type Credentials,
  type Envelope,
  fillLogin,
  grantDevice,
  loginTo,
} from './support';
import { seriousAxeViolations } from './uiSteps';
import { test } from './simDevice';
import { dashboardApi } from '@siteops/contracts/dashboard/api';

/**
 * The Workplace's fleet panel end to end: an admin sees the figures the server counts; a simulated
 * device comes online and the online count rises, and its start-up event shows in the real-time
 * monitor with a link to the device, without a reload (the live topic `fleet`). In both languages,
 * with no serious accessibility violation, and it fits a 390×844 screen. The overview's project tab
 * shows the caller's projects as cards with their fleet: the admin the sites it made, an agent only its own.
 */

async function openWorkplace(page: Page, locale: 'zh-CN' | 'en-US') {
  await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
  await page.goto('/login');
  await fillLogin(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard\/workplace/);
  await consoleReady(page);
  await expect(page.getByTestId('fleet-figures')).toBeVisible({ timeout: 30_000 });
}

/** A page of its own (cookies, storage) in the run's browser, as the test's own page is set up. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  return context.newPage();
}

/** The Workplace's project tab as `who` sees it. */
async function projectCards(page: Page, who: Credentials) {
  await loginTo(page, '/dashboard/workplace', who);
  await page.getByRole('tab', { name: '项目', exact: true }).click();
  return page.getByRole('tabpanel', { name: '项目' });
}

const figure = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('.ant-statistic-content-value')
    .innerText()
    .then((text) => Number(text.replace(/[^\d]/g, '')));

test.describe('Workplace fleet', () => {
  test('the admin sees the fleet, and a device coming online shows without a reload', async ({
    page,
    request,
    dialSim,
  }) => {
    test.setTimeout(120_000);
    const token = await apiLogin(request, ADMIN);
    const devName = `e2e 工作台 ${Date.now() % 100000}`;
    const granted = await grantDevice(request, token, { type: 'dust', prefix: 'E2EWP', devName });

    // The figures are the server's: the total counts the device just granted. Counted before the page
    // loads: other tests add devices meanwhile (none deletes one), so the page's total is at least this.
    const counted = (
      (await client(request)(dashboardApi.fleet, {}, token)).body as Envelope<{ devices: { total: number } }>
    ).data.devices.total;
    expect(counted).toBeGreaterThanOrEqual(1);
    await openWorkplace(page, 'zh-CN');
    const panel = page.getByTestId('fleet-figures');
    await expect(panel.getByText('设备概况')).toBeVisible();
    await expect(panel.getByText('实时监控')).toBeVisible();
    await expect.poll(() => figure(page, 'fleet-total')).toBeGreaterThanOrEqual(counted);
    await expect(page.getByTestId('fleet-type-dust')).toBeVisible();
    const onlineBefore = await figure(page, 'fleet-online');
    // A reload would drop this mark.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const device = dialSim(granted, 'dust');
    await device.waitFor('up', 30_000);

    await expect.poll(() => figure(page, 'fleet-online'), { timeout: 20_000 }).toBeGreaterThan(onlineBefore);
    // The device says it started: the monitor shows it, linked to the device in the list.
    const event = page.getByTestId('fleet-event').filter({ hasText: devName });
    await expect(event).toBeVisible({ timeout: 20_000 });
    await expect(event.getByRole('link', { name: devName })).toHaveAttribute(
      'href',
      `/device/device-list?sn=${granted.sn}`,
    );
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    expect(await seriousAxeViolations(page, '[data-testid="fleet-figures"]')).toEqual([]);
  });

  test('the project tab shows the caller’s projects with their devices: the admin’s, and an agent only its own', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await apiLogin(request, ADMIN);
    const grant = (prefix: string) => grantDevice(request, token, { type: 'dust', prefix }).then((d) => d.id);
    // Two sites of two agents, made by the admin: two monitors on the first, one on the second.
    const mine = await agentSiteFor(request, token, [await grant('E2EWPA'), await grant('E2EWPA')], 'wpa');
    const theirs = await agentSiteFor(request, token, await grant('E2EWPB'), 'wpb');

    const cards = await projectCards(page, ADMIN);
    await expect(cards.getByRole('group', { name: mine.siteName })).toContainText('设备在线 0 / 2');
    await expect(cards.getByRole('group', { name: theirs.siteName })).toContainText('设备在线 0 / 1');

    const agentCards = await projectCards(await freshPage(browser), mine.agentUser);
    await expect(agentCards.getByRole('group')).toHaveCount(1);
    await expect(agentCards.getByRole('group', { name: mine.siteName })).toContainText('设备在线 0 / 2');
    await expect(agentCards.getByRole('group', { name: mine.siteName })).toContainText('0 名成员');
  });

  test('in English, on a 390×844 screen, the panel fits', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openWorkplace(page, 'en-US');
    const panel = page.getByTestId('fleet-figures');
    await expect(panel.getByText('Fleet', { exact: true })).toBeVisible();
    await expect(panel.getByText('Device total')).toBeVisible();
    await expect(panel.getByText('Real-time monitor')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page, '[data-testid="fleet-figures"]')).toEqual([]);
  });
});
