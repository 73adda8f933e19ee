import { expect, test, type Locator, type Page } from '@playwright/test';
import { createUser, login, loginTo } from './support';
import { PNG } from './forms';

test.use({ reducedMotion: 'reduce' });
// Logs in several times; a login boots the console, which takes long on a busy machine.
test.describe.configure({ timeout: 240_000 });

const navbarAvatar = (page: Page) => page.getByRole('button', { name: '用户菜单' }).locator('img');
const welcomeAvatar = (page: Page) =>
  page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: /^欢迎回来/ }) })
    .locator('img');

/** The avatar shows the uploaded picture (a loaded image from the file store), not the default icon. */
async function expectUploadedAvatar(avatar: Locator) {
  await expect(avatar).toHaveAttribute('src', /^\/api\/file\/[^?]+\?exp=\d+&sig=/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
}

test('your own avatar shows in the navbar and the welcome card, after saving and after logging in again', async ({
  page,
  request,
}) => {
  const who = await createUser(request, 'user');
  await login(page, who);
  await expect(navbarAvatar(page)).toHaveCount(0);
  await expect(welcomeAvatar(page)).toHaveCount(0);

  await page.getByRole('button', { name: /编辑信息/ }).click();
  const modal = page.getByRole('dialog').filter({ hasText: '编辑我的信息' });
  await modal.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(modal.locator('img')).toBeVisible();
  await modal.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expectUploadedAvatar(navbarAvatar(page));
  await expectUploadedAvatar(welcomeAvatar(page));

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '登出登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  await login(page, who);
  await expectUploadedAvatar(navbarAvatar(page));
  await expectUploadedAvatar(welcomeAvatar(page));
});

test("the avatar menu's user centre opens your own overview, as admin and as a plain user", async ({
  page,
  request,
}) => {
  // It opened the admin's user list before, and a plain user had no such entry at all.
  for (const role of ['admin', 'user'] as const) {
    await page.context().clearCookies();
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await loginTo(page, '/user/setting', role === 'admin' ? undefined : await createUser(request, role));
    await expect(page.getByTestId('tab-bar').getByRole('tab', { name: '用户设置', selected: true })).toBeVisible();

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '用户中心' }).click();
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
    await expect(page.getByRole('tab', { name: '概览', selected: true })).toBeVisible();
    await expect(page.getByText('本月访问')).toBeVisible();
  }
});
