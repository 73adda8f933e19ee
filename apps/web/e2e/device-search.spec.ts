import { expect } from '@playwright/test';
import { ADMIN, agentSiteFor, apiLogin, grantDevice, login, waitForReadings, loginTo } from './support';
import { downloadedSheet } from './workbooks';
import { test } from './simDevice';
import { appointManager } from './people';

/**
 * Telemetry and event search and the device-type catalogue end to end: a simulated dust monitor of a
 * fresh agent reports PM2.5 35, then 180 and an over-limit alarm. The agent finds the first reading by
 * its time range alone and the 180 by a threshold, exports what the threshold finds as an xlsx, and
 * sees its one dust monitor online on the catalogue.
 */

test.describe('device search and catalogue', () => {
  test('find readings by time range and threshold, export them, and count the type', async ({
    page,
    browser,
    request,
    dialSim,
  }) => {
    test.setTimeout(180_000);
    const token = await apiLogin(request, ADMIN);
    const { id, sn, mac, secret } = await grantDevice(request, token, {
      type: 'dust',
      prefix: 'E2EDUST',
      devName: `e2e 扬尘 ${Date.now() % 100000}`,
    });
    const { agentUser, agentId, siteId, siteName } = await agentSiteFor(request, token, id, 'search');

    const start = new Date(Date.now() - 60_000).toISOString();
    const device = dialSim({ sn, mac, secret }, 'dust');
    await device.waitFor('up', 30_000);
    device.sendTelemetry({ a34004: 35 });
    await new Promise((r) => setTimeout(r, 1500));
    const between = new Date(Date.now() - 500).toISOString();
    await new Promise((r) => setTimeout(r, 500));
    device.sendTelemetry({ a34004: 180 });
    device.sendEvent({ kind: 'overLimit', level: 'alarm', data: { code: 'a34004', value: 180, limit: 150 } });
    const range = await waitForReadings(request, token, { sn, from: start, count: 2 });

    await login(page, agentUser);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');

    // The time range alone: up to `between` only the first reading.
    await page.goto(
      `/device/device-search?device=${sn}&source=telemetry&from=${encodeURIComponent(start)}&to=${encodeURIComponent(between)}`,
    );
    await expect(rows).toHaveCount(1, { timeout: 60_000 });
    await expect(rows.first()).toContainText('35');

    // One row a page, newest first: "next page" asks the server for the page after the shown row (the
    // answer's cursor in the address); page 3 is the first reading (page 4 the monitor's start-up event).
    // A numbered page drops the cursor.
    await page.goto(`/device/device-search?device=${sn}&${range}&pageSize=1`);
    await expect(page.locator('.ant-pagination-total-text')).toHaveText('共 4 条', { timeout: 30_000 });
    const next = page.locator('.ant-pagination-next');
    await expect(rows).toHaveCount(1);
    const firstPageRow = (await rows.first().textContent()) ?? '';
    await next.click();
    await expect(page).toHaveURL(/[?&]page=2&.*after=/);
    // Page 2 holds the other row at the 180 instant; the next click waits for its answer (a click while the
    // page loads would ask for the page after page 1 again).
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).not.toHaveText(firstPageRow);
    await next.click();
    await expect(page).toHaveURL(/[?&]page=3&.*after=/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('35');
    await page.locator('.ant-pagination-item-1').click();
    await expect(page).toHaveURL((url) => url.searchParams.get('after') === null && !url.searchParams.has('page'));
    await expect(rows.first()).toContainText('180');

    // The whole range, then the site and PM2.5 above 150 through the form: the 180 reading, not the 35 nor the alarm.
    await page.goto(`/device/device-search?device=${sn}&${range}`);
    // A full load of the console first (as the first goto above), so more than the default 10 s on a busy machine.
    await expect(rows.filter({ hasText: '180' })).toHaveCount(2, { timeout: 30_000 });
    // The site, picked by name, then PM2.5 above 150.
    const project = page.getByLabel('项目');
    await project.click();
    await project.pressSequentially(siteName.slice(0, 12));
    await page.locator('.ant-select-item-option', { hasText: siteName }).first().click();
    await page.getByLabel('数值字段').fill('a34004');
    await page.getByLabel('高于').fill('150');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('180');
    await expect(rows.first()).toContainText('遥测');
    await expect(rows.first()).toContainText(siteName);
    expect(new URL(page.url()).searchParams.get('projectId')).toBe(String(siteId));

    const ws = await downloadedSheet(page, () => page.getByRole('button', { name: /导\s*出/ }).click());
    expect(ws.getRow(1).getCell(1).text).toBe('时间 (UTC)');
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(4).text).toBe(sn);
    expect(ws.getRow(2).getCell(9).text).toContain('180');

    // The catalogue: the agent's one dust monitor, online, with its alarm.
    await page.goto('/device/device-catalogue');
    const card = page.getByTestId('catalogue-dust');
    await expect(card).toContainText('共 1 台', { timeout: 30_000 });
    await expect(card.locator('.ant-statistic').filter({ hasText: '在线' })).toContainText('1');
    await expect(card).toContainText('超标');
    await expect(page.getByTestId('catalogue-face')).toContainText('共 0 台');

    // The site's manager: the search in its projects' scope, and the catalogue without links to the
    // registry pages it cannot open.
    const { manager } = await appointManager(request, token, siteId, { agentId });
    const managerPage = await browser.newPage();
    await loginTo(managerPage, `/device/device-search?device=${sn}&${range}`, manager);
    await expect(managerPage.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '180' })).toHaveCount(2, {
      timeout: 60_000,
    });
    await managerPage.goto('/device/device-catalogue');
    await expect(managerPage.getByTestId('catalogue-dust')).toContainText('共 1 台', { timeout: 30_000 });
    await expect(managerPage.getByRole('link', { name: '打开列表' })).toHaveCount(0);
    await managerPage.close();
    await expect(page.getByTestId('catalogue-dust').getByRole('link', { name: '打开列表' })).toBeVisible();

    // On a phone the cards stack and nothing runs off the side.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card).toBeVisible();
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
