import { expect, test } from '@playwright/test';
import { menuForRole } from '@siteops/contracts/shared/routes';
import { createUser, drawnMenu, flattenMenu, login, sideMenu } from './support';

test.use({ reducedMotion: 'reduce' });

test('an agent sees exactly its menu and is sent away from admin-only pages', async ({ page, request }) => {
  const agent = await createUser(request, 'agent');
  await login(page, agent);
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  await expect(page.getByRole('heading', { name: '欢迎回来，E2E agent' })).toBeVisible();

  expect(await drawnMenu(page)).toEqual(flattenMenu(menuForRole('agent')));
  await expect(sideMenu(page).getByText('系统管理')).toHaveCount(0);

  await page.goto('/isystem/isystem-constants');
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  await page.goto('/device/device-upgrade');
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  // A page of its own role opens, and a section root leads to the section's first page for the role.
  await page.goto('/device/device-list');
  await expect(page).toHaveURL(/\/device\/device-list$/);
  await page.goto('/user');
  await expect(page).toHaveURL(/\/user\/agent$/);
  // `/` goes to the workplace once logged in.
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
});

test('the local role switch toggles the admin menu to the user menu and back', async ({ page }) => {
  await login(page);
  expect(await drawnMenu(page)).toEqual(flattenMenu(menuForRole('admin')));

  await page.goto('/isystem/isystem-constants');
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '切换角色' }).click();
  // Not open to the user role: the guard moves on to the workplace.
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  expect(await drawnMenu(page)).toEqual(flattenMenu(menuForRole('user')));

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '切换角色' }).click();
  await expect.poll(() => drawnMenu(page)).toEqual(flattenMenu(menuForRole('admin')));
});

test('a user with a password set by the admin must change it first', async ({ page, request }) => {
  // Without a password the server answers a one-time one (it replaced the shared default, issue 10).
  const user = await createUser(request, 'user', null);
  // Nothing loads behind the dialog (issue 33): no call is refused for the pending change.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  await login(page, user);
  const dialog = page.getByRole('dialog', { name: '请修改密码' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText('请先修改密码')).toHaveCount(0);
  await expect(page.getByText('加载失败')).toHaveCount(0);
  expect(refused).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('当前密码').fill(user.password);
  await dialog.getByLabel('新密码', { exact: true }).fill('weak');
  await expect(dialog.getByText('密码至少需要 6 个字符')).toBeVisible();
  await dialog.getByLabel('新密码', { exact: true }).fill('Better#Pass9');
  await dialog.getByLabel('确认新密码').fill('Better#Pass8');
  await expect(dialog.getByText('两次输入的新密码不一致，请重新修改')).toBeVisible();
  await dialog.getByLabel('确认新密码').fill('Better#Pass9');
  await dialog.getByLabel('确认新密码').press('Enter');
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Then the Workplace loads as for anyone.
  await expect(page.getByText('本月访问')).toBeVisible();
  await expect(page.getByText('加载失败')).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('a refused URL says which page was refused and what is shown instead', async ({ page, request }) => {
  const agent = await createUser(request, 'agent');
  await login(page, agent);
  await page.goto('/isystem/isystem-constants');
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  await expect(page.getByText('「系统常量」不对代理商开放，已为你打开「工作台」')).toBeVisible();
});

test('switch roles previews only a console with fewer rights, and says it is a preview', async ({ page, request }) => {
  // A plain user has nothing to preview.
  const user = await createUser(request, 'user');
  await login(page, user);
  await page.getByRole('button', { name: '用户菜单' }).click();
  await expect(page.getByRole('menuitem', { name: '用户设置' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '切换角色' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('role-preview')).toHaveCount(0);

  // An agent previews the plain user's console, with a banner on every page until it ends.
  await page.goto('/login');
  await login(page, await createUser(request, 'agent'));
  expect(await drawnMenu(page)).toEqual(flattenMenu(menuForRole('agent')));
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '切换角色' }).click();
  const banner = page.getByTestId('role-preview');
  await expect(banner).toContainText('预览：你正在以普通用户的身份查看控制台，只是预览。你的真实角色是代理商。');
  await expect.poll(() => drawnMenu(page)).toEqual(flattenMenu(menuForRole('user')));
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '用户设置' }).click();
  await expect(page).toHaveURL(/\/user\/setting$/);
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: '结束预览' }).click();
  await expect(banner).toHaveCount(0);
  await expect.poll(() => drawnMenu(page)).toEqual(flattenMenu(menuForRole('agent')));
});
