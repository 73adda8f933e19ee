import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { uniqueName, loginTo } from './support';
import { deleteRow, openFormSavedEmpty, saveDialog } from './uiSteps';

test.use({ reducedMotion: 'reduce' });
// The machine is shared by several engineers' builds and tests: pages can take seconds to load.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const queryForm = (page: Page) => page.getByTestId('query-form');
/**
 * The dialog's fields in order (key, value, remark). Its labels cannot be used: the dialog form and the
 * search form both name their fields key/value, so the ids (and label targets) repeat.
 */
const field = (dialog: Locator, name: 'key' | 'value' | 'remark') =>
  dialog.getByRole('textbox').nth(['key', 'value', 'remark'].indexOf(name));

async function search(page: Page, field: '键' | '值', text: string) {
  // Both fields set (no Reset click: its URL change re-syncs the form and could wipe the typing).
  await queryForm(page)
    .getByLabel('键')
    .fill(field === '键' ? text : '');
  await queryForm(page)
    .getByLabel('值')
    .fill(field === '值' ? text : '');
  await queryForm(page)
    .getByRole('button', { name: /^查\s*询$/ })
    .click();
  // The form re-syncs from the URL after a search: the next typing must wait for it, or it is wiped.
  const param = field === '键' ? 'key' : 'value';
  await expect(page).toHaveURL(new RegExp(`[?&]${param}=${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(&|$)`));
}

test('admin adds a constant, finds it by key and by value, meets the 409 on a duplicate key, edits and deletes it', async ({
  page,
}) => {
  const key = uniqueName('e2e.const').replace(/_/g, '.');
  const value = uniqueName('value');
  await loginTo(page, '/isystem/isystem-constants');
  await expect(page.locator('.ant-table-thead')).toContainText('键');

  // Add.
  let dialog = await openFormSavedEmpty(page, /新\s*建$/, '新建常量', ['请输入键']);
  await field(dialog, 'key').fill(key);
  await field(dialog, 'value').fill(value);
  await field(dialog, 'remark').fill('made by e2e');
  await saveDialog(page, dialog);

  // Search by key, then by value: exactly that row.
  await search(page, '键', key);
  await expect(page).toHaveURL(new RegExp(`key=${key.replace(/\./g, '\\.')}`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(value);
  // Its time in the console's format (the browser's time zone), not the API's ISO text.
  await expect(rows(page).first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(rows(page).first()).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  // Two-character labels as they are written, without a space inserted ("查 询").
  await expect(queryForm(page).getByRole('button', { name: '查询', exact: true })).toHaveText('查询');
  await expect(queryForm(page).getByRole('button', { name: '重置', exact: true })).toHaveText('重置');
  await search(page, '值', value);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(key);
  await search(page, '键', `${key}-nothing-like-it`);
  await expect(rows(page)).toHaveCount(0);
  await expect(page.locator('main').first().locator('.ant-empty-description')).toHaveText('暂无数据');

  // A duplicate key: the server's 409 message, on the key field too, and the dialog stays open.
  await page.getByRole('button', { name: /新\s*建$/ }).click();
  dialog = page.getByRole('dialog').filter({ hasText: '新建常量' });
  await field(dialog, 'key').fill(key);
  await field(dialog, 'value').fill('other');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message')).toContainText(`键 ${key} 已存在`);
  await expect(dialog.locator('.ant-form-item-explain-error')).toContainText(`键 ${key} 已存在`);
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();

  // Edit the value.
  await search(page, '键', key);
  await expect(rows(page)).toHaveCount(1);
  await rows(page)
    .first()
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  dialog = page.getByRole('dialog').filter({ hasText: '编辑常量' });
  await expect(field(dialog, 'key')).toHaveValue(key);
  await field(dialog, 'value').fill(`${value}-edited`);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page).first()).toContainText(`${value}-edited`);
  await search(page, '值', `${value}-edited`);
  await expect(rows(page)).toHaveCount(1);

  // Delete, with the confirmation.
  await deleteRow(page, rows(page).first());
  await expect(rows(page)).toHaveCount(0);
  await search(page, '键', key);
  await expect(rows(page)).toHaveCount(0);
});
