import { createHash, randomBytes } from 'node:crypto';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { uniqueName, loginTo } from './support';
import { confirmPopup, expectOnlyRow, openFormSavedEmpty } from './uiSteps';

test.use({ reducedMotion: 'reduce' });
// The machine is shared by several engineers' builds and tests: pages can take seconds to load.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const queryForm = (page: Page) => page.getByTestId('query-form');

test('admin uploads firmware with a progress bar, is refused a wrong checksum with nothing kept, finds, downloads and deletes the package', async ({
  page,
}) => {
  const name = `${uniqueName('fw')}.bin`;
  // Large enough that the upload takes more than one progress event.
  const content = randomBytes(3 * 1024 * 1024);
  const sha256 = createHash('sha256').update(content).digest('hex');
  await loginTo(page, '/device/device-upgrade');
  await expect(page.locator('.ant-table-thead')).toContainText('校验值');

  const dialog = await openFormSavedEmpty(page, /上\s*传$/, '上传固件', [
    '请选择固件文件',
    '请输入版本号',
    '请至少选择一种设备类型',
  ]);

  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: content });
  await dialog.getByRole('textbox', { name: /^\*?\s*版本$/ }).fill('2.4.0');
  await dialog.getByLabel('适用设备类型').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="人脸识别"]').click();
  await page.keyboard.press('Escape');
  // A checksum of the right length that is not the file's: the whole file goes up, then is refused.
  await dialog.getByLabel('校验值').fill('0'.repeat(64));
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message')).toContainText('上传未保留');
  await expect(dialog.locator('.ant-form-item-explain-error')).toContainText(sha256);
  await expect(dialog.getByTestId('upgrade-progress')).toContainText('已发送 3.0 MB / 3.0 MB');
  await expect(dialog).toBeVisible();
  // The right checksum, in capitals as some vendors publish it.
  await dialog.getByLabel('校验值').fill(sha256.toUpperCase());
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('上传成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await queryForm(page).getByLabel('文件名').fill(name);
  await queryForm(page)
    .getByRole('button', { name: /^查\s*询$/ })
    .click();

  const row = await expectOnlyRow(rows(page), name, '2.4.0', '3.0 MB', 'SHA256', '人脸识别', '新建');

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: '下载' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(name);

  await row.getByRole('button', { name: /删\s*除/ }).click();
  await confirmPopup(page);
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
});
