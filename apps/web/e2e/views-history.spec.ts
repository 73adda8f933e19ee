import { expect, test } from '@playwright/test';
import { constantApi } from '@siteops/contracts/constant/api';
import { ADMIN, api, apiLogin, login, openConsole, uniqueName, loginTo } from './support';
import { confirmPopup, seriousAxeViolations } from './uiSteps';

/**
 * Issue 33 part 2 items 2 and 3: a list's view saved under a name (applied from the list's Views menu,
 * opened from its link, deleted after a confirmation), and an update's before and after in the audit log.
 * The constants list serves both: its search (key) is in the address, and its update is audited with changes.
 */
test.use({ reducedMotion: 'reduce' });

const views = (page: import('@playwright/test').Page) => page.getByTestId('saved-views');

/**
 * Opens the list's Views menu from the keyboard (the menu is keyboard-usable): after a menu item is chosen
 * the pointer rests over the table's header, whose sort tooltip lies over the toolbar's button.
 */
async function openViews(page: import('@playwright/test').Page) {
  await views(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: '保存当前视图…' })).toBeVisible();
}

test('a list view saved under a name comes back from the Views menu and from its link; deleting it asks first', async ({
  page,
  request,
  context,
}) => {
  const token = await apiLogin(request, ADMIN);
  const key = uniqueName('e2e.view').replace(/_/g, '.');
  await api(request, constantApi.add, { key, value: 'shown by the view', remark: 'e2e' }, token);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginTo(page, `/isystem/isystem-constants?key=${encodeURIComponent(key)}`);
  await expect(page.locator('.ant-table-row')).toHaveCount(1);

  // Saved under a name: the button then names the view shown.
  const name = uniqueName('Only one constant');
  await openViews(page);
  await page.getByRole('menuitem', { name: '保存当前视图…' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '保存当前视图' });
  await dialog.getByLabel('名称').fill(name);
  await dialog.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  await expect(views(page)).toHaveText(`视图：${name}`);

  // The plain list, then the view from the menu: its search is back in the address and in the rows.
  await openConsole(page, '/isystem/isystem-constants');
  await expect(views(page)).toHaveText('视图');
  await openViews(page);
  await page.getByRole('menuitem', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(new RegExp(`key=${key.replace(/\./g, '\\.')}`));
  await expect(page.locator('.ant-table-row')).toHaveCount(1);

  // Its link opens the list as that view.
  await openViews(page);
  await page.getByRole('menuitem', { name: '复制此视图的链接' }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/[?&]view=\d+/);
  await openConsole(page, new URL(link).pathname + new URL(link).search);
  await expect(page).toHaveURL(new RegExp(`key=${key.replace(/\./g, '\\.')}`));
  await expect(views(page)).toHaveText(`视图：${name}`);

  // Deleted from "Manage views…", after a confirmation.
  await openViews(page);
  await page.getByRole('menuitem', { name: '管理视图…' }).click();
  const manage = page.getByRole('dialog').filter({ hasText: '此列表保存的视图' });
  const row = manage.locator('.ant-table-row').filter({ hasText: name });
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await confirmPopup(page, name);
  await expect(manage.getByText('暂无保存的视图')).toBeVisible();
});

test('an update shows its fields before and after in the audit log', async ({ page, request }) => {
  const token = await apiLogin(request, ADMIN);
  const key = uniqueName('e2e.audit').replace(/_/g, '.');
  const added = await api(request, constantApi.add, { key, value: 'before value', remark: 'e2e' }, token);
  await api(request, constantApi.update, { id: added.id, value: 'after value' }, token);

  await loginTo(page, `/isystem/isystem-audit?targetType=constant&targetId=${added.id}`);
  // Newest first: the update, then the add.
  const rows = page.locator('.ant-table-row');
  await expect(rows).toHaveCount(2);
  await rows
    .first()
    .getByRole('button', { name: /展开行|Expand row/ })
    .click();
  const changes = page.getByTestId('audit-changes');
  await expect(changes).toContainText('修改前');
  await expect(changes).toContainText('before value');
  await expect(changes).toContainText('after value');
});

test('in English and the dark theme the views menu, its save dialog and an audit change read right and pass axe', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem('locale', 'en-US');
    // The settings store's persisted shape (zustand persist, version 1), as pages.spec sets the theme.
    localStorage.setItem('settings', JSON.stringify({ state: { theme: 'dark' }, version: 1 }));
  });
  const token = await apiLogin(request, ADMIN);
  const key = uniqueName('e2e.dark').replace(/_/g, '.');
  const added = await api(request, constantApi.add, { key, value: 'old', remark: 'e2e' }, token);
  await api(request, constantApi.update, { id: added.id, value: 'new' }, token);
  await login(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await openConsole(page, '/isystem/isystem-constants');
  await expect(views(page)).toHaveText('Views');
  await views(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Save current view…' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Shared with' });
  await expect(dialog.getByLabel('Name')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await openConsole(page, `/isystem/isystem-audit?targetType=constant&targetId=${added.id}`);
  await page
    .locator('.ant-table-row')
    .first()
    .getByRole('button', { name: /Expand row|展开行/ })
    .click();
  const changes = page.getByTestId('audit-changes');
  await expect(changes).toContainText('Before');
  await expect(changes).toContainText('new');
  expect(await seriousAxeViolations(page)).toEqual([]);
});
