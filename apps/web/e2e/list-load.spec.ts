import { expect, test, type Page, type Request } from '@playwright/test';
import { API_PREFIX, login, openConsole, sideMenu } from './support';
import type { Endpoint } from '@siteops/contracts/shared/endpoint';
import { userApi } from '@siteops/contracts/user/api';
import { deviceApi } from '@siteops/contracts/device/api';
import { agentApi } from '@siteops/contracts/agent/api';
import { projectApi } from '@siteops/contracts/project/api';

test.use({ reducedMotion: 'reduce' });
// A first visit, as a new browser makes it: these tests check what it loads and how it draws (the other
// specs' browsers start as returning ones, playwright.config.ts).
test.use({ storageState: { cookies: [], origins: [] } });

// Each test starts logged in, as a first visit does it: the login page, then the console without a reload.
test.beforeEach(async ({ page }) => {
  await login(page);
});

/** The API reads a full page load makes, by path (query string kept), in the order they were sent. */
function recordReads(page: Page) {
  const reads: URL[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith(API_PREFIX) && r.method() === 'GET') reads.push(url);
  });
  return (endpoint: Endpoint) => reads.filter((u) => u.pathname === endpoint.path);
}

test('a reloaded user list asks for its rows once, with the filters in the address, and fills the form from it', async ({
  page,
}) => {
  const reads = recordReads(page);
  await openConsole(page, '/user/info?userName=admin');
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  await expect(page.locator('#query_userName')).toHaveValue('admin');
  const lists = reads(userApi.listAll);
  expect(lists, 'one read of the rows, started while the page loaded').toHaveLength(1);
  expect(lists[0]!.searchParams.get('userName')).toBe('admin');

  // The form still follows the address after the first load: reset empties the field and the filter.
  await page.getByTestId('query-form').getByRole('button', { name: '重置', exact: true }).click();
  await expect(page).not.toHaveURL(/userName=/);
  await expect(page.locator('#query_userName')).toHaveValue('');
});

test('a reloaded device list reads its rows and its pickers once each', async ({ page }) => {
  const reads = recordReads(page);
  await openConsole(page, '/device/device-list?sn=NO-SUCH-SN');
  await expect(page.locator('#query_sn')).toHaveValue('NO-SUCH-SN');
  await expect(page.getByRole('table').locator('.ant-empty-description')).toBeVisible();
  // Give any second read (a re-mounted picker) time to show up before counting.
  await page.waitForLoadState('networkidle');
  const lists = reads(deviceApi.listAll);
  expect(lists).toHaveLength(1);
  expect(lists[0]!.searchParams.get('sn')).toBe('NO-SUCH-SN');
  expect(reads(agentApi.listAll).length, 'the agent picker reads once').toBeLessThanOrEqual(1);
  expect(reads(projectApi.listAll).length, 'the project picker reads once').toBeLessThanOrEqual(1);
});

test('the device list draws its rarer filters on "More filters"; an address holding one draws them, and a search keeps them', async ({
  page,
}) => {
  await openConsole(page, '/device/device-list');
  const form = page.getByTestId('query-form');
  await expect(page.locator('#query_sn')).toBeVisible();
  await expect(page.locator('#query_authStatus')).toHaveCount(0);
  await form.getByRole('button', { name: '更多条件' }).click();
  await expect(page.locator('#query_authStatus')).toBeVisible();
  await expect(form.getByRole('button', { name: '收起' })).toHaveAttribute('aria-expanded', 'true');

  // Opened with a folded filter in the address: drawn from the start, with its value.
  await openConsole(page, '/device/device-list?mac=02-00-00-00-00-01');
  await expect(page.locator('#query_mac')).toHaveValue('02-00-00-00-00-01');
  // Folded again, the filter still counts and still filters: a search by SN keeps it.
  await form.getByRole('button', { name: '收起' }).click();
  await expect(page.locator('#query_mac')).toHaveCount(0);
  await expect(form.getByRole('button', { name: '更多条件 (1)' })).toBeVisible();
  await page.locator('#query_sn').fill('NO-SUCH-SN');
  await page.locator('#query_sn').press('Enter');
  await expect(page).toHaveURL(/sn=NO-SUCH-SN/);
  await expect(page).toHaveURL(/mac=02-00-00-00-00-01/);
});

test('the first press on a header sorts; the sort hints come with the pointer, and the first paint draws none', async ({
  page,
}) => {
  await openConsole(page, '/user/info');
  const table = page.getByRole('table');
  // Any first row: other specs' newer users may have pushed the built-in admin off the first page.
  const firstRowName = table.locator('tr.ant-table-row').first().getByRole('cell').first();
  await expect(firstRowName).toBeVisible();
  await expect(page.locator('.ant-tooltip')).toHaveCount(0);
  const birthday = table.getByRole('columnheader', { name: '生日' });
  // The pointer's first move into the list is onto the header, and presses it.
  await birthday.click();
  await expect(page).toHaveURL(/sortField=birthday/);
  await firstRowName.hover();
  await birthday.hover();
  await expect(page.getByRole('tooltip')).toHaveText('点击降序');
});

/** What a reader sees of the list's antd parts, as the browser computed it. */
function drawnStyles(page: Page) {
  return page.evaluate(() => {
    const drawn = (selector: string, properties: string[]) => {
      const element = document.querySelector(selector);
      const style = element && getComputedStyle(element);
      return style ? properties.map((p) => style.getPropertyValue(p)).join(' | ') : `no ${selector}`;
    };
    return {
      header: drawn('.ant-table-thead th', ['background-color', 'color', 'font-weight', 'padding']),
      cell: drawn('.ant-table-tbody tr.ant-table-row td', ['padding', 'border-bottom', 'font-size']),
      primaryButton: drawn('.ant-btn-primary', ['background-color', 'color', 'border-radius', 'height']),
      input: drawn('.ant-input', ['border-radius', 'padding', 'color']),
      selectedMenuItem: drawn('.ant-menu-item-selected', ['background-color', 'color', 'height']),
      activePage: drawn('.ant-pagination-item-active', ['border-color', 'font-weight']),
      activeTab: drawn('.ant-tabs-tab-active', ['background-color', 'color']),
    };
  });
}

/** The stylesheet address a first visit remembered for the next load (app/providers/antdStylesheet.ts). */
const rememberedStylesheet = (page: Page) => page.evaluate(() => localStorage.getItem('siteops.antdStylesheet'));

const generatedTableStyles = (page: Page) =>
  page.evaluate(
    () => [...document.querySelectorAll('style')].filter((s) => s.textContent?.includes('.ant-table-thead')).length,
  );

test('a returning browser draws the console from antd’s prebuilt stylesheet, as it looked generated, in either theme', async ({
  page,
}) => {
  // A first visit (this browser's first load, the login each test starts with) generates antd's styles, and
  // fetches the prebuilt stylesheet when idle, for the next load.
  await sideMenu(page).getByText('用户管理').click();
  await sideMenu(page).getByText('用户信息').click();
  const firstRow = page.getByRole('table').locator('tr.ant-table-row').first();
  await expect(firstRow).toBeVisible();
  await page.getByText(/SiteOps ©/).hover(); // away from the menu entry it clicked: no hover state in what is read
  expect(await generatedTableStyles(page)).toBeGreaterThan(0);
  const generated = await drawnStyles(page);
  await expect.poll(() => rememberedStylesheet(page)).toMatch(/\/antd-[\w-]+\.css$/);

  await openConsole(page, '/user/info');
  await expect(firstRow).toBeVisible();
  await expect(page.locator('head > link[rel="stylesheet"][href*="/antd-"]')).toHaveCount(1);
  expect(await generatedTableStyles(page), 'no table styles generated on this load').toBe(0);
  expect(await drawnStyles(page)).toEqual(generated);

  // The theme is CSS variables over the same rules: dark applies at once and comes back light.
  const headerBackground = () =>
    page
      .locator('.ant-table-thead th')
      .first()
      .evaluate((th) => getComputedStyle(th).backgroundColor);
  await page.getByRole('button', { name: '切换为暗黑主题' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(headerBackground).not.toBe('rgb(250, 250, 250)');
  expect(await headerBackground()).toMatch(/^rgb\((\d{1,2}), (\d{1,2}), (\d{1,2})\)$/); // dark: every channel < 100
  await page.getByRole('button', { name: '切换为亮色主题' }).click();
  await expect.poll(headerBackground).toBe('rgb(250, 250, 250)');
});

test('a remembered stylesheet that is slow or gone does not hold up the console: it draws with generated styles', async ({
  page,
}) => {
  await expect.poll(() => rememberedStylesheet(page)).toMatch(/\/antd-[\w-]+\.css$/);
  const firstRow = page.getByRole('table').locator('tr.ant-table-row').first();

  // Slower than a cached copy could be: the page does not wait for it.
  await page.route('**/assets/antd-*.css', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 8000));
    await route.continue();
  });
  await openConsole(page, '/user/info');
  await expect(firstRow).toBeVisible();
  expect(await generatedTableStyles(page), 'the page drew without waiting for the stylesheet').toBeGreaterThan(0);

  // Gone (a failed load): forgotten, so the next load does not try it again.
  await page.unrouteAll({ behavior: 'ignoreErrors' }); // the slow answer, still pending, is not wanted
  await page.route('**/assets/antd-*.css', (route) => route.abort());
  await openConsole(page, '/user/info');
  await expect(firstRow).toBeVisible();
  expect(await generatedTableStyles(page)).toBeGreaterThan(0);
  await expect(page.locator('head > link[rel="stylesheet"][href*="/antd-"]')).toHaveCount(0);
  expect(await rememberedStylesheet(page)).toBeNull();
});
