import { expect as baseExpect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, addProject, api, apiLogin, openConsole, uniqueName, loginTo } from './support';
import { deviceApi } from '@siteops/contracts/device/api';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function sheet(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('访客设备');
  ws.addRow(['设备序列号 *', '方向']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// Scope (a manager sees only its projects' devices) and every row error are covered by the API tests
// (modules/visitor/devices.test.ts); publishing to a real terminal by gate.test.ts.
test('admin imports the visitor device list with a row error first, views a device, configures and publishes the project', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, ADMIN);
  const { id: projectId, name: project } = await addProject(request, token, { label: 'Gate site', codePrefix: 'VD' });
  const sn = uniqueName('GATE').replace(/[^A-Za-z0-9_.-]/g, '');
  const mac = [
    '02',
    ...Array.from({ length: 5 }, () =>
      Math.floor(Math.random() * 256)
        .toString(16)
        .padStart(2, '0'),
    ),
  ]
    .join(':')
    .toUpperCase();
  await api(
    request,
    deviceApi.add,
    { type: 'face', sn, mac, devName: 'East gate terminal', installSite: 'East gate', projectId },
    token,
  );

  await loginTo(page, `/visitor/device-authorize?keyword=${sn}`);
  await expect(page.locator('main .ant-table-thead')).toContainText('安装位置');
  await expect(page.locator('.ant-table-placeholder').first()).toBeVisible();

  // A file with an unknown device: its row error, and nothing imported.
  await page.getByRole('button', { name: /导\s*入$/ }).click();
  const dialog = page.getByRole('dialog', { name: '导入访客设备授权列表' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'gates.xlsx',
    mimeType: XLSX,
    buffer: await sheet([
      [sn, '进'],
      ['NO-SUCH-GATE', '出'],
    ]),
  });
  await dialog.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(dialog.getByTestId('import-result')).toContainText('未导入任何数据');
  await expect(dialog.getByTestId('import-result')).toContainText('没有序列号为“NO-SUCH-GATE”');

  // The corrected file goes in.
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'gates.xlsx', mimeType: XLSX, buffer: await sheet([[sn, '进']]) });
  await dialog.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(dialog.getByTestId('import-result')).toContainText('共 1 行：新增 1，更新 0，失败 0');
  await dialog.getByRole('button', { name: '关闭', exact: true }).last().click();

  await page.getByRole('button', { name: /刷新/ }).click();
  const row = page.locator('main .ant-table-tbody tr.ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row.first()).toContainText(sn);
  await expect(row.first()).toContainText('进');
  await expect(row.first()).toContainText('East gate');
  await expect(row.first()).toContainText(project);

  await row
    .first()
    .getByRole('button', { name: /查\s*看/ })
    .click();
  const info = page.getByRole('dialog', { name: '门禁设备：East gate terminal' });
  await expect(info).toContainText('人脸识别终端');
  await expect(info).toContainText(mac);
  await info
    .getByRole('button', { name: /关\s*闭|Close/ })
    .first()
    .click();

  // The configure page: the project with its device; publishing it keeps the device.
  await openConsole(page, `/visitor/visitor-config?keyword=${encodeURIComponent(project)}`);
  const configRow = page.locator('main .ant-table-tbody tr.ant-table-row').filter({ hasText: project });
  await expect(configRow).toHaveCount(1);
  await configRow.getByRole('button', { name: /配\s*置/ }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `访客配置：${project}` });
  await expect(drawer.getByText(`East gate terminal · ${sn}`)).toBeVisible();
  await drawer.getByLabel('访客无需审核自动通过').click();
  await drawer.getByRole('button', { name: /发\s*布/ }).click();
  await expect(page.getByText('已发布：配置已生效')).toBeVisible();
  await expect(configRow).toContainText('自动通过');
  await expect(configRow).toContainText('第 1 版');
});
