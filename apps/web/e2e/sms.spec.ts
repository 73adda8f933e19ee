import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiLogin, createUser, loginTo } from './support';
import { apiBindByCode, bindByCode } from './bindByCode';
import { loginWithRecoveredPassword, resetPasswordWithCode } from './recovery';
import { textTo } from './smsbox';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 180_000 });

/**
 * The security phone and the SMS webhook (SMS_WEBHOOK_URL, the run's receiver in global-setup.ts): the
 * phone is bound with the code the webhook really received, and a forgotten password is recovered with
 * a code texted to it, no number shown on the way.
 */
const newPhone = () => `139${String(randomInt(0, 1e8)).padStart(8, '0')}`;

test('bind the security phone with the code received by the SMS webhook', async ({ page, request }) => {
  const who = await createUser(request, 'user');
  await loginTo(page, '/user/setting?tab=security', who);
  const phoneRow = page.getByRole('list', { name: '安全设置' }).getByRole('listitem', { name: '安全手机' });
  await expect(phoneRow).toContainText('未绑定');

  const phone = newPhone();
  const text = await bindByCode(page, 'phone', phone, {
    typed: `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`,
  });
  expect(text).toMatchObject({ locale: 'zh-CN', purpose: 'bind' });
});

/**
 * A forgotten password recovered by the code texted to the bound security phone: no number is shown,
 * a wrong code is refused beside its field and counts a try, the right one resets the password.
 */
test('recover a forgotten password with a code sent to the security phone', async ({ page, request }) => {
  const who = await createUser(request, 'user');
  const token = await apiLogin(request, who);
  const phone = newPhone();
  await apiBindByCode(request, token, 'phone', phone);

  await page.goto('/recover');
  await page.getByLabel('用户名').fill(who.username);
  await page.getByRole('button', { name: '下一步' }).click();
  // This run sends email too, so the email code is the first choice; the phone is the second.
  await expect(page.getByRole('radio', { name: '安全邮箱验证码' })).toBeChecked();
  await page.getByRole('radio', { name: '安全手机验证码' }).check();
  await expect(page.getByText('为保护隐私，此处不显示手机号')).toBeVisible();
  await expect(page.locator('form')).not.toContainText(phone.slice(-4));
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByRole('status')).toContainText('验证码已通过短信发送至该手机');
  await expect(page.getByRole('button', { name: /^\d+ 秒后重发$/ })).toBeDisabled();
  await expect(page.locator('form')).not.toContainText(phone.slice(-4));

  const text = await textTo(phone, (m) => m.purpose === 'recover');
  expect(text.locale).toBe('zh-CN');
  const newPassword = 'Texted#2026';
  await resetPasswordWithCode(page, text.code, newPassword);
  await loginWithRecoveredPassword(page, who, newPassword);
});
