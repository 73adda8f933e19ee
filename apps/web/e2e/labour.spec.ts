import { labourApi } from '@siteops/contracts/labour/api';
import {
  ADMIN,
  addProject,
  api,
  apiLogin,
  openConsole,
  pickOption,
  slowMachineSpec,
  uniqueName,
  loginTo,
} from './support';
import { greyFacePhoto, mainlandId } from './forms';
import { projectGate, test } from './simDevice';
import { downloadedSheet } from './workbooks';

/**
 * Issue 35 end to end: a worker registered in the console (with its face photo) is enrolled on the
 * project's simulated face terminal; its detail takes a certificate; the roster export holds it (ID
 * masked); the terminal reports it in and out; the day sheet shows the complete attendance, the month
 * sheet exports it as xlsx, one row per worker, and the worker's detail shows its own day.
 */
const expect = slowMachineSpec(test, 240_000);

test('a worker registered in the console is enrolled on the terminal; its passes make the day sheet and the month export', async ({
  page,
  request,
  dialSim,
}) => {
  const admin = await apiLogin(request, ADMIN);
  const projectName = uniqueName('Labour site');
  const { id: projectId } = await addProject(request, admin, { label: projectName, codePrefix: 'LS' });
  const { device } = await projectGate(request, admin, dialSim, {
    projectId,
    prefix: 'E2ELAB',
    devName: (sn) => `e2e labour gate ${sn.slice(-5)}`,
  });

  // Register the worker in the console's drawer, face photo included.
  const name = uniqueName('Zhou Gong');
  await loginTo(page, '/labour/workers');
  await page.getByRole('button', { name: /新\s*建/ }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '登记工人' });
  await pickOption(page, drawer.getByLabel('项目'), projectName);
  await drawer.getByLabel('姓名').fill(name);
  await drawer.getByLabel('证件号码').fill(mainlandId('19880808'));
  await drawer.getByLabel('手机号').fill('13800138000');
  await pickOption(page, drawer.getByLabel('工种'), '钢筋工');
  await drawer
    .locator('input[type=file]')
    .setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: greyFacePhoto(140) });
  await expect(drawer.getByRole('img', { name: '人脸照片' })).toBeVisible({ timeout: 30_000 });
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('在场', { timeout: 30_000 });

  // The terminal gets the worker.
  const found = await api(request, labourApi.listAll, { realName: name }, admin);
  const workerId = found.list[0]!.id;
  const personId = `W${workerId}`;
  await expect.poll(() => device.faces!.get(personId)?.name, { timeout: 30_000 }).toBe(name);

  // Its detail takes a certificate (a trade that requires none: no flag).
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: '详情' }).click();
  const detail = page.getByRole('dialog').filter({ hasText: '岗位证书' });
  await expect(detail).toContainText('该工种无须持证');
  await detail.getByRole('button', { name: /新增证书/ }).click();
  const certificate = page.getByRole('dialog').filter({ hasText: '证书编号' });
  await pickOption(page, certificate.getByLabel('证书类型'), '其他证书');
  await certificate.getByLabel('证书编号').fill('E2E-0001');
  const until = certificate.getByLabel('有效期至');
  await until.click();
  await until.fill('2099-12-31');
  await until.press('Enter');
  await certificate.getByRole('button', { name: /保\s*存/ }).click();
  await expect(detail.getByRole('row').filter({ hasText: 'E2E-0001' })).toContainText('2099-12-31', {
    timeout: 30_000,
  });
  await detail
    .getByRole('button', { name: /Close|关闭/ })
    .first()
    .click();
  await expect(detail).toBeHidden();

  // The roster export: the import template's columns, the ID number masked.
  await page.getByRole('button', { name: /导出花名册/ }).click();
  const exporting = page.getByRole('dialog').filter({ hasText: '导出工人花名册' });
  await pickOption(page, exporting.getByLabel('项目'), projectName);
  const roster = await downloadedSheet(page, () => exporting.getByRole('button', { name: /导出花名册/ }).click());
  expect((roster.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['姓名 *', '证件类型', '证件号码 *']);
  const exported = (roster.getRow(2).values as unknown[]).slice(1);
  expect(exported[0]).toBe(name);
  expect(exported[2]).toMatch(/^110\*+\d{3}[\dX]$/);
  expect(exported[4]).toBe('钢筋工');

  // In and out at the gate: the day sheet shows a complete day.
  expect(device.reportPass(personId, 'in').passed).toBe(true);
  await page.waitForTimeout(1_500);
  expect(device.reportPass(personId, 'out').passed).toBe(true);
  // The work day on the project's clock (UTC+8, the night-shift cut-off at 04:00).
  const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
  await expect
    .poll(
      async () => {
        const sheet = await api(request, labourApi.daySheet, { projectId, date: today }, admin);
        return sheet.rows.find((r) => r.workerId === workerId)?.complete;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await openConsole(page, `/labour/day-sheet?projectId=${projectId}&date=${today}`);
  const dayRow = page.getByRole('row').filter({ hasText: name });
  await expect(dayRow).toContainText('完整', { timeout: 30_000 });

  // The month sheet exports it: one row per worker, one column per day.
  await openConsole(page, `/labour/month-sheet?projectId=${projectId}&month=${today.slice(0, 7)}`);
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible({ timeout: 30_000 });
  const sheet = await downloadedSheet(page, () => page.getByRole('button', { name: /导出 Excel/ }).click());
  const header = (sheet.getRow(2).values as unknown[]).slice(1);
  expect(header.slice(0, 5)).toEqual(['序号', '姓名', '班组', '工种', '1']);
  const line = (sheet.getRow(3).values as unknown[]).slice(1);
  expect(line[1]).toBe(name);
  expect(line[3]).toBe('钢筋工');
  expect(line.at(-2)).toBe(1);

  // The worker's own history, in its detail.
  await openConsole(page, '/labour/workers');
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: '详情' }).click();
  const history = page.getByTestId('worker-attendance');
  const month = history.getByLabel('月份');
  await month.click();
  await month.fill(today.slice(0, 7));
  await month.press('Enter');
  await expect(history.getByRole('row').filter({ hasText: today })).toContainText('完整', { timeout: 30_000 });
});
