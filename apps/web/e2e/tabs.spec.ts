import { expect, test, type Page } from '@playwright/test';
import { login, openConsole, reloadConsole, sideMenu, tabBar } from './support';

test.use({ reducedMotion: 'reduce' });
// Full page loads boot the console again; on a busy machine that alone can take most of a minute.
test.describe.configure({ timeout: 180_000 });

const tabs = (page: Page) => tabBar(page).getByRole('tab');

/** Opens a page with a full page load and waits until its tab is the active one. */
async function visit(page: Page, path: string, title: string) {
  await openConsole(page, path);
  await expect(tabs(page).filter({ hasText: title })).toHaveAttribute('aria-selected', 'true');
}

test('tabs open from the menu, close, and survive a reload', async ({ page }) => {
  await login(page);
  await expect(tabs(page)).toHaveText(['工作台']);

  await sideMenu(page).getByText('用户管理').click();
  await sideMenu(page).getByText('用户设置').click();
  await expect(page).toHaveURL(/\/user\/setting/);
  // A page gets its tab once it has loaded; moving on before that (a slow machine) leaves it out.
  await expect(tabs(page).filter({ hasText: '用户设置' })).toHaveAttribute('aria-selected', 'true');
  await sideMenu(page).getByText('设备管理').click();
  await sideMenu(page).getByText('设备列表').click();
  await expect(page).toHaveURL(/\/device\/device-list$/);
  await expect(page.getByTestId('query-form').getByText('序列号')).toBeVisible();
  await expect(tabs(page)).toHaveText(['工作台', '用户设置', '设备列表']);

  await reloadConsole(page);
  await expect(tabs(page)).toHaveText(['工作台', '用户设置', '设备列表']);
  await expect(tabs(page).filter({ hasText: '设备列表' })).toHaveAttribute('aria-selected', 'true');

  // Close the active tab with its ×: its left neighbour is shown.
  await tabs(page).filter({ hasText: '设备列表' }).getByTestId('tab-close').click();
  await expect(tabs(page)).toHaveText(['工作台', '用户设置']);
  await expect(page).toHaveURL(/\/user\/setting$/);
  await reloadConsole(page);
  await expect(tabs(page)).toHaveText(['工作台', '用户设置']);

  // Close all from the tab actions: only the workplace stays, and it is shown.
  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '关闭全部标签页' }).click();
  await expect(tabs(page)).toHaveText(['工作台']);
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
});

test('a visited page stays alive while another tab is shown; reloading the tab remounts it', async ({ page }) => {
  await login(page);
  await visit(page, '/user/setting?tab=security', '用户设置');
  const changePassword = page.getByRole('listitem', { name: '登录密码' }).getByRole('button', { name: '修改' });
  await changePassword.click();
  await page.getByLabel('当前密码').fill('typed, not sent');

  await tabs(page).filter({ hasText: '工作台' }).click();
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  await expect(page.getByLabel('当前密码')).toBeHidden();
  await tabs(page).filter({ hasText: '用户设置' }).click();
  await expect(page).toHaveURL(/\/user\/setting\?tab=security$/);
  await expect(page.getByLabel('当前密码')).toHaveValue('typed, not sent');

  // "Reload" goes through /redirect/<path>: the page mounts afresh, so the typed value is gone.
  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '重新加载' }).click();
  await expect(page).toHaveURL(/\/user\/setting\?tab=security$/);
  await expect(page.getByLabel('当前密码')).toBeHidden();
  await changePassword.click();
  await expect(page.getByLabel('当前密码')).toHaveValue('');
});

test('close others keeps the workplace and the chosen tab', async ({ page }) => {
  await login(page);
  // Full page loads: the tab list comes back from localStorage each time.
  await visit(page, '/user/setting', '用户设置');
  await visit(page, '/device/device-list', '设备列表');
  await visit(page, '/exception/403', '403');
  await expect(tabs(page)).toHaveText(['工作台', '用户设置', '设备列表', '403']);

  await tabs(page).filter({ hasText: '设备列表' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其它标签页' }).click();
  await expect(tabs(page)).toHaveText(['工作台', '设备列表']);
  await expect(page).toHaveURL(/\/device\/device-list$/);

  // By keyboard: Delete on a focused tab closes it; the workplace tab has no close.
  await tabs(page).filter({ hasText: '设备列表' }).focus();
  await page.keyboard.press('Delete');
  await expect(tabs(page)).toHaveText(['工作台']);
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  await tabs(page).filter({ hasText: '工作台' }).focus();
  await page.keyboard.press('Delete');
  await expect(tabs(page)).toHaveCount(1);
  await expect(tabs(page)).toContainText('工作台');
});
