import { expect, type Page } from '@playwright/test';
import { fillLogin, login, type Credentials } from './support';

/**
 * The recover page's last step by a code (mailed or texted): a wrong code is refused beside its field
 * and counts a try, the right `code` resets the password to `newPassword`.
 */
export async function resetPasswordWithCode(page: Page, code: string, newPassword: string) {
  await page.getByLabel('验证码', { exact: true }).fill(code === '000000' ? '111111' : '000000');
  await page.getByLabel('新密码', { exact: true }).fill(newPassword);
  await page.getByLabel('确认新密码').fill(newPassword);
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('验证码不正确，还可尝试 4 次')).toBeVisible();

  await page.getByLabel('验证码', { exact: true }).fill(code);
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('密码已重置')).toBeVisible();
}

/** From a finished recovery back to the login page, where `who`'s old password is refused and `newPassword` logs in. */
export async function loginWithRecoveredPassword(page: Page, who: Credentials, newPassword: string) {
  await page.getByRole('button', { name: '返回登录' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await fillLogin(page, { username: who.username, password: who.password });
  await expect(page.getByRole('alert')).toBeVisible();
  await login(page, { username: who.username, password: newPassword });
}
