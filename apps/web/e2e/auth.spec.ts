import { expect, test } from '@playwright/test';
import { ADMIN, API_PREFIX, fillLogin, login, openConsole, storedToken, uniqueName, urlOf } from './support';
import { userApi } from '@siteops/contracts/user/api';

test.use({ reducedMotion: 'reduce' });

test('admin logs in and lands on the workplace', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);

  // Spec 5: both fields are required.
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page.getByText('用户名不能为空')).toBeVisible();
  await expect(page.getByText('密码不能为空')).toBeVisible();

  // A failed login shows the spec's message with the server's reason, and stores no token.
  await fillLogin(page, { username: uniqueName('nobody'), password: 'Wrong#pass1' });
  const failure = page.getByRole('alert').filter({ hasText: '登录出错，请刷新重试' });
  await expect(failure).toBeVisible();
  // The server answers in the console's language (decision 0011).
  await expect(failure).toContainText('用户名或密码错误');
  expect(await storedToken(page)).toBeNull();

  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByLabel('用户名').fill(ADMIN.username);
  await page.getByLabel('密码').press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  await expect(page.getByText('欢迎使用')).toBeVisible();
  await expect(page.getByRole('heading', { name: '欢迎回来，Administrator' })).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();
});

test('a deep link while logged out returns to that page after login', async ({ page }) => {
  await page.goto('/user/setting?tab=security');
  await expect(page).toHaveURL(/\/login\?redirect=setting&tab=security$/);

  await fillLogin(page, ADMIN);
  await expect(page).toHaveURL(/\/user\/setting\?tab=security$/);
  await expect(page.getByRole('tab', { name: '安全设置', selected: true })).toBeVisible();
  // The security tab's own content (its rows since the security settings landed), not only its tab.
  await expect(page.getByRole('tabpanel', { name: '安全设置' })).toContainText('登录密码');
});

test('logout clears the token, ends the session and returns to login', async ({ page, request }) => {
  await login(page);
  const token = await storedToken(page);
  expect(token).toBeTruthy();

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '登出登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  // The console leaves the page first (so it does not refetch without a token), then clears the token.
  await expect.poll(() => storedToken(page)).toBeNull();

  // The server really ended the session.
  const info = await request.post(urlOf(userApi.info, {}), { headers: { Authorization: `Bearer ${token}` } });
  expect(info.status()).toBe(401);

  // And the console asks for a login again.
  await page.goto('/dashboard/workplace');
  await expect(page).toHaveURL(/\/login\?redirect=workplace$/);
});

test('logout lands quietly on the login page, from every kind of page', async ({ page }) => {
  // Three full page loads and three logins: more than the default minute on a busy CI machine.
  test.setTimeout(180_000);
  await login(page);
  // The workplace refreshes on its own; the device list and the settings page load lists of their own.
  for (const path of ['/dashboard/workplace', '/device/device-list', '/user/setting']) {
    await openConsole(page, path);
    await expect(page.getByTestId('tab-bar').getByRole('tab', { selected: true })).toBeVisible();
    const calls: string[] = [];
    const record = (r: { url: () => string }) =>
      void (new URL(r.url()).pathname.startsWith(API_PREFIX) && calls.push(new URL(r.url()).pathname));
    page.on('request', record);
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '登出登录' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: /^登\s*录$/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('request', record);
    // Spec 4: the server is told once, and the page being left asks nothing more with a dead token.
    expect(calls, path).toEqual([userApi.logout.path]);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(/Invalid token|请重新登录/)).toHaveCount(0);
    await fillLogin(page, ADMIN);
    await expect(page).not.toHaveURL(/\/login/);
  }
});

test('a session ended elsewhere offers to log in again', async ({ page, request }) => {
  await login(page);
  const token = await storedToken(page);
  // End the session behind the console's back (as a password change elsewhere would).
  await request.post(urlOf(userApi.logout, {}), { headers: { Authorization: `Bearer ${token}` } });

  // The next call the console makes is refused with a logout code. The workplace overview may make
  // it on its own (it refreshes); otherwise the refresh button makes one.
  const dialog = page.getByRole('dialog').filter({ hasText: '确认登出' });
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: '刷新' }).click({ timeout: 2_000 });
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(dialog).toContainText('你已被登出，可以取消继续留在该页面，或者重新登录');

  // Cancel stays on the page.
  await dialog.getByRole('button', { name: /^取\s*消$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);

  // The next refused call asks again: the Workplace's own refresh (its fleet panel's) may make it first,
  // and its dialog then covers the page; otherwise loading the server menu does. "Re-Login" logs out and
  // reloads into the login page.
  if (!(await dialog.isVisible())) {
    try {
      await page.getByRole('button', { name: '页面配置' }).click({ timeout: 5_000 });
      await page.getByRole('switch', { name: '菜单来源于后台' }).click({ timeout: 5_000 });
    } catch (error) {
      // Only the dialog arriving on its own may have stopped the clicks.
      if (!(await dialog.isVisible())) throw error;
    }
  }
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=workplace$/);
  expect(await storedToken(page)).toBeNull();
});
