import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEVICE_IMPORT_COLUMNS } from '@siteops/contracts/device/sheet';
import { verifyLicence } from '@siteops/contracts/licence/verify';
import { ADMIN, addAgent, api, apiLogin, client, type Envelope, uniqueName, loginTo } from './support';
import { deviceApi } from '@siteops/contracts/device/api';
import { platformApi } from '@siteops/contracts/platform/api';
import { firstSheetOf } from './workbooks';

test.use({ reducedMotion: 'reduce' });
// The machines these run on are shared and often loaded: allow slow answers rather than flake.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** A unique, upper-case serial prefix: the tests share one database, so every page filters by it. */
const serialPrefix = () =>
  `E2E${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;

/** A locally administered MAC whose last bytes count the rows, unique per run through `seed`. */
function macOf(seed: number, i: number) {
  const bytes = [0x02, (seed >> 16) & 0xff, (seed >> 8) & 0xff, seed & 0xff, (i >> 8) & 0xff, i & 0xff];
  return bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

/** The template as a user fills it: zh-CN headers (the console's default language) and 50 rows. */
async function templateWorkbook(prefix: string, rows: number) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('devices');
  sheet.addRow(DEVICE_IMPORT_COLUMNS.map((c) => c['zh-CN']));
  const seed = Math.floor(Math.random() * 0xffffff);
  for (let i = 1; i <= rows; i++) {
    const values: Record<string, string> = {
      // The first half face terminals (by their zh label), the rest dust monitors (by key).
      type: i <= rows / 2 ? '人脸识别' : 'dust',
      sn: `${prefix}-${String(i).padStart(3, '0')}`,
      mac: macOf(seed, i),
      devName: `E2E device ${i}`,
      factoryName: 'ACME',
      direction: i % 2 ? '进' : '出',
    };
    sheet.addRow(DEVICE_IMPORT_COLUMNS.map((c) => values[c.key] ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const totalOf = (page: Page) => page.locator('.ant-pagination-total-text');

/** The ids (row keys) of the rows the table shows. */
async function shownRowKeys(page: Page) {
  return page
    .locator('.ant-table-tbody tr.ant-table-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')));
}

test('admin imports 50 devices, divides 10 to an agent, who then sees exactly those 10', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const token = await apiLogin(request, ADMIN);
  const agentName = uniqueName('E2E agent');
  const agentUser = { username: uniqueName('e2e_agent'), password: 'Passw0rd!e2e' };
  const agent = await addAgent(request, token, agentName, agentUser, 'E2E agent');
  const prefix = serialPrefix();
  const file = await templateWorkbook(prefix, 50);

  // The import's progress reaches the dialog over the tab's live channel (topic job:<userId>:<id>).
  const jobSteps: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      const m = JSON.parse(String(payload)) as { type: string; data?: { kind: string; step: string } };
      if (m.type === 'job' && m.data?.kind === 'device.import') jobSteps.push(m.data.step);
    }),
  );
  await loginTo(page, `/device/device-list?sn=${prefix}`);
  await expect(page.locator('.ant-table-placeholder').first()).toBeVisible({ timeout: 30_000 });

  // Import: the template downloads in the user's language, then the file made above goes up.
  await page.getByRole('button', { name: /导\s*入$/ }).click();
  const dialog = page.getByRole('dialog', { name: '导入设备' });
  const templateDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /下载模板$/ }).click();
  const template = await firstSheetOf(await templateDownload);
  expect(template.getRow(1).getCell(2).text).toMatch(/^设备序列号/);

  await dialog.locator('input[type=file]').setInputFiles({
    name: 'devices.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await expect(dialog.getByLabel('任一行有误则全部不导入')).toBeChecked();
  await dialog.getByRole('button', { name: /开始导入$/ }).click();
  await expect(dialog.getByTestId('import-result')).toContainText('共 50 行：新增 50，更新 0，失败 0');
  await expect.poll(() => jobSteps).toEqual(expect.arrayContaining(['checking', 'writing', 'done']));
  // The footer's Close (the title bar's × is also named 关闭).
  await dialog.getByRole('button', { name: '关闭', exact: true }).last().click();

  await page.getByRole('button', { name: /刷新/ }).click();
  await expect(totalOf(page)).toHaveText('共 50 条');

  // Download exports the current query: the same 50 devices, headers in the user's language.
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: /下\s*载$/ }).click();
  const rowsOut = (await firstSheetOf(await exported)).getSheetValues().filter(Boolean) as unknown[][];
  expect(rowsOut).toHaveLength(51);
  expect(
    rowsOut
      .slice(1)
      .map((r) => r.find((v) => typeof v === 'string' && v.startsWith(prefix)))
      .sort(),
  ).toEqual(Array.from({ length: 50 }, (_, i) => `${prefix}-${String(i + 1).padStart(3, '0')}`));

  // The ten first face terminals by serial go to the agent.
  await page.goto(`/device/device-list?sn=${prefix}&type=face`);
  await page.locator('th', { hasText: '设备序列号' }).click();
  await expect(totalOf(page)).toHaveText('共 25 条');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(`${prefix}-001`);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  for (let i = 0; i < 10; i++) await rows.nth(i).locator('.ant-checkbox-input').check();
  const chosenIds = (await shownRowKeys(page)).slice(0, 10);
  await page.getByRole('button', { name: /批量划分代理商$/ }).click();
  const divide = page.getByRole('dialog', { name: '批量划分代理商' });
  await expect(divide).toContainText('已选择 10 台设备');
  await expect(divide).toContainText('会离开原来的项目');
  await divide.getByRole('combobox').fill(agentName);
  await page.locator('.ant-select-item-option', { hasText: agentName }).click();
  await divide.getByRole('button', { name: /确\s*定$/ }).click();
  await expect(page.getByText('已更新 10 台设备')).toBeVisible();

  // The agent, in its own browser session, sees exactly those ten: on the list and on the face page.
  const agentContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  const agentPage = await agentContext.newPage();
  await loginTo(agentPage, `/device/device-list?sn=${prefix}`, agentUser);
  await expect(totalOf(agentPage)).toHaveText('共 10 条');
  expect((await shownRowKeys(agentPage)).sort()).toEqual([...chosenIds].sort());
  await agentPage.goto(`/device/face-list?sn=${prefix}`);
  await expect(totalOf(agentPage)).toHaveText('共 10 条');
  expect((await shownRowKeys(agentPage)).sort()).toEqual([...chosenIds].sort());
  await agentPage.goto(`/device/dust-monitor?sn=${prefix}`);
  await expect(agentPage.locator('.ant-table-placeholder').first()).toBeVisible();
  await expect(agentPage.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(0);
  // An agent has no divide-to-agent and no delete.
  await agentPage.goto(`/device/device-list?sn=${prefix}`);
  await expect(totalOf(agentPage)).toHaveText('共 10 条');
  await expect(agentPage.getByRole('button', { name: /批量划分代理商$/ })).toHaveCount(0);
  await expect(agentPage.getByRole('button', { name: /删\s*除$/ })).toHaveCount(0);
  await agentPage.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('button', { name: /更多/ }).click();
  await expect(agentPage.getByRole('menuitem', { name: /重\s*启/ })).toBeVisible();
  await expect(agentPage.getByRole('menuitem', { name: /删\s*除/ })).toHaveCount(0);
  await agentPage.keyboard.press('Escape');
  // It edits only the fields an agent may change.
  await agentPage
    .locator('.ant-table-tbody tr.ant-table-row')
    .first()
    .getByRole('button', { name: /编\s*辑$/ })
    .click();
  const edit = agentPage.getByRole('dialog', { name: '编辑设备' });
  await expect(edit.locator('#devName')).toBeVisible();
  await expect(edit.locator('#mac')).toHaveCount(0);
  await expect(edit.locator('#sn')).toHaveCount(0);
  await edit.locator('#devName').fill('Renamed by agent');
  await edit.getByRole('button', { name: /保\s*存$/ }).click();
  await expect(edit).toBeHidden();
  await expect(agentPage.locator('.ant-table-tbody')).toContainText('Renamed by agent');
  await agentContext.close();

  // The same ten, by id, through the API as the agent.
  const agentToken = await apiLogin(request, agentUser);
  const list = await api(request, deviceApi.listAll, { sn: prefix, pageSize: 50 }, agentToken);
  expect(list.total).toBe(10);
  expect(list.list.every((d) => d.agentId === agent.id)).toBe(true);
});

test('admin grants a licence on /device/grant-auth and the downloaded file verifies with the public key', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, ADMIN);
  const platformName = uniqueName('E2E platform');
  await api(request, platformApi.add, { platformName, expirationDate: '2099-12-31' }, token);
  const sn = `${serialPrefix()}-LIC`;
  const expiry = `${new Date().getUTCFullYear() + 1}-06-30`;

  await loginTo(page, '/device/grant-auth');
  await page.getByLabel('MAC地址').fill('02-AB-CD-EF-01-23');
  await page.getByLabel('设备序列号').fill(sn);
  await page.getByLabel('平台列表').fill(platformName);
  await page.locator('.ant-select-item-option', { hasText: platformName }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('到期日期').fill(expiry);
  await page.getByLabel('到期日期').press('Enter');
  await page.keyboard.press('Escape');
  await page.getByLabel('附加信息').fill('e2e grant');
  await expect(page.getByLabel('到期日期')).toHaveValue(expiry);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /生成并下载$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${sn}.lic`);
  const text = await readFile(await file.path(), 'utf8');

  const publicKey = (await client(request)(deviceApi.licencePublicKey, {})).body as Envelope<{ pem: string }>;
  const check = verifyLicence(text, publicKey.data.pem);
  expect(check.ok, JSON.stringify(check)).toBe(true);
  if (!check.ok) return;
  expect(check.licence).toMatchObject({
    sn,
    mac: '02:AB:CD:EF:01:23',
    platforms: [platformName],
    attachInfo: 'e2e grant',
  });
  expect(check.licence.expiresAt.slice(0, 10)).toBe(expiry);
  // A byte changed and the signature no longer holds.
  expect(verifyLicence(text.replace('e2e grant', 'e2e grant!'), publicKey.data.pem)).toMatchObject({ ok: false });

  // The grant is in the history below the form, and the device is now authorised.
  await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: sn })).toHaveCount(1);
  await page.goto(`/device/device-list?sn=${sn}`);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.locator('.ant-table-tbody')).toContainText('已授权');
});

test('grant form checks the MAC and keeps the expiry within the chosen platforms', async ({ page, request }) => {
  const token = await apiLogin(request, ADMIN);
  const platformName = uniqueName('E2E short platform');
  const platformEnd = `${new Date().getUTCFullYear() + 1}-01-31`;
  await api(request, platformApi.add, { platformName, expirationDate: platformEnd }, token);

  await loginTo(page, '/device/grant-auth');
  await page.getByRole('button', { name: /生成并下载$/ }).click();
  await expect(page.getByText('请输入MAC地址')).toBeVisible();
  await expect(page.getByText('请输入设备序列号')).toBeVisible();
  await page.getByLabel('MAC地址').fill('not-a-mac');
  await expect(page.getByText('MAC地址格式应为 AA:BB:CC:DD:EE:FF')).toBeVisible();

  // A date two years out is fine without platforms; choosing one that ends earlier refuses it.
  await page.getByLabel('到期日期').fill(`${new Date().getUTCFullYear() + 2}-01-01`);
  await page.getByLabel('到期日期').press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('到期日期')).toHaveValue(`${new Date().getUTCFullYear() + 2}-01-01`);
  await page.getByLabel('平台列表').fill(platformName);
  await page.locator('.ant-select-item-option', { hasText: platformName }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText(`最晚 ${platformEnd}`)).toBeVisible();
  await expect(page.getByText(`到期日期不能晚于 ${platformEnd}`)).toBeVisible();
  // A past day cannot even be picked.
  await page.getByLabel('到期日期').click();
  await expect(page.locator('.ant-picker-cell-disabled').first()).toBeVisible();
  await page.keyboard.press('Escape');
});

test('authorisation platforms: create, unique name on the field, expired shown, edit and delete', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, ADMIN);
  const taken = uniqueName('E2E taken');
  await api(request, platformApi.add, { platformName: taken, expirationDate: '2099-01-01' }, token);
  const name = uniqueName('E2E old');

  await loginTo(page, '/device/auth-platform');
  await page.getByRole('button', { name: /新\s*建$/ }).click();
  const dialog = page.getByRole('dialog', { name: '新建平台' });
  await dialog.locator('#platformName').fill(taken);
  await dialog.locator('#expirationDate').fill('2020-01-01');
  await dialog.locator('#expirationDate').press('Enter');
  await expect(dialog.locator('#expirationDate')).toHaveValue('2020-01-01');
  await dialog.getByRole('button', { name: /保\s*存$/ }).click();
  // The 409 lands on the name field and the dialog stays open.
  await expect(dialog.locator('.ant-form-item-explain-error').first()).toContainText(taken);
  await expect(dialog).toBeVisible();
  await dialog.locator('#platformName').fill(name);
  await dialog.getByRole('button', { name: /保\s*存$/ }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`/device/auth-platform?platformName=${encodeURIComponent(name)}`);
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
  await expect(row).toContainText('2020-01-01');
  await expect(row).toContainText('已过期');

  await row.getByRole('button', { name: /编\s*辑$/ }).click();
  const edit = page.getByRole('dialog', { name: '编辑平台' });
  await edit.locator('#expirationDate').fill('2099-12-31');
  await edit.locator('#expirationDate').press('Enter');
  await expect(edit.locator('#expirationDate')).toHaveValue('2099-12-31');
  await edit.getByRole('button', { name: /保\s*存$/ }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('2099-12-31');
  await expect(row).toContainText('有效');

  await row.getByRole('button', { name: /删\s*除$/ }).click();
  await expect(page.getByText('确定要删除吗？')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定$/ }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(0);
});

test('import lists row errors by row and column; the user chooses nothing or the valid rows', async ({ page }) => {
  const prefix = serialPrefix();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('devices');
  sheet.addRow(DEVICE_IMPORT_COLUMNS.map((c) => c['zh-CN']));
  const row = (values: Record<string, string>) => sheet.addRow(DEVICE_IMPORT_COLUMNS.map((c) => values[c.key] ?? null));
  row({ type: 'gateway', sn: `${prefix}-OK`, mac: macOf(Math.floor(Math.random() * 0xffffff), 1) });
  row({ type: 'gateway', sn: `${prefix}-BADMAC`, mac: 'not-a-mac' });
  row({ type: 'gateway', mac: macOf(Math.floor(Math.random() * 0xffffff), 2) });
  const file = Buffer.from(await workbook.xlsx.writeBuffer());

  await loginTo(page, `/device/universal-Gateway-list?sn=${prefix}`);
  await page.getByRole('button', { name: /导\s*入$/ }).click();
  const dialog = page.getByRole('dialog', { name: '导入设备' });
  const upload = () =>
    dialog.locator('input[type=file]').setInputFiles({
      name: 'devices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
  await upload();
  await dialog.getByRole('button', { name: /开始导入$/ }).click();
  const result = dialog.getByTestId('import-result');
  await expect(result).toContainText('未导入任何数据');
  await expect(result).toContainText('共 3 行：新增 0，更新 0，失败 2');
  const errorRows = result.locator('.ant-table-tbody tr.ant-table-row');
  await expect(errorRows.filter({ hasText: 'MAC地址' }).locator('td').first()).toHaveText('3');
  await expect(errorRows.filter({ hasText: '设备序列号' }).locator('td').first()).toHaveText('4');

  await dialog.getByLabel('只导入正确的行').check();
  await upload();
  await dialog.getByRole('button', { name: /开始导入$/ }).click();
  await expect(result).toContainText('导入完成');
  await expect(result).toContainText('共 3 行：新增 1，更新 0，失败 2');
  // The same file again updates the device it added instead of adding it twice.
  await upload();
  await dialog.getByRole('button', { name: /开始导入$/ }).click();
  await expect(result).toContainText('共 3 行：新增 0，更新 1，失败 2');
  await dialog.getByRole('button', { name: '关闭', exact: true }).last().click();

  await page.getByRole('button', { name: /刷新/ }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.locator('.ant-table-tbody')).toContainText(`${prefix}-OK`);
});

test('a device authorised again says it is waiting for the device to dial in again until it links', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, ADMIN);
  const sn = `${serialPrefix()}DIAL`;
  await api(request, deviceApi.add, { type: 'dust', sn, mac: macOf(Date.now() & 0xffffff, 7) }, token);

  await loginTo(page, `/device/device-list?sn=${sn}`);
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: sn });
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText('等待设备重新接入');
  await row.getByRole('button', { name: /^授\s*权$/ }).click();
  await expect(row).toContainText('已授权');
  // Offline while the device backs off: the row and its detail say what it is waiting for.
  await expect(row).toContainText('等待设备重新接入');
  await row.getByRole('button', { name: /^查\s*看$/ }).click();
  await expect(page.getByRole('dialog').filter({ hasText: '设备详情' })).toContainText('等待设备重新接入');
});
