import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createUser, login, openConsole, uniqueName } from './support';
import { codeOf, mailTo } from './mailbox';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 180_000 });

/**
 * Spec 2's security tab: bind a security email with the code that really arrives by mail (the run's
 * SMTP server, global-setup.ts); a wrong code is refused beside its field; the phone, with no SMS
 * gateway configured in this run, says so instead of offering a button.
 */
/** Serious and critical accessibility violations of what is on screen, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('bind the security email with the code received by mail', async ({ page, request }) => {
  const who = await createUser(request, 'user');
  await login(page, who);
  await openConsole(page, '/user/setting?tab=security');
  const settings = page.getByRole('list', { name: '安全设置' });
  const emailRow = settings.getByRole('listitem', { name: '安全邮箱' });
  const phoneRow = settings.getByRole('listitem', { name: '安全手机' });
  await expect(emailRow).toContainText('未绑定');
  await expect(phoneRow).toContainText('本服务器未配置手机绑定');
  await expect(phoneRow.getByRole('button')).toHaveCount(0);
  await expect(settings.getByRole('listitem', { name: '密保问题' })).toContainText('未设置');

  expect(await axeViolations(page)).toEqual([]);

  await emailRow.getByRole('button', { name: '绑定' }).click();
  const dialog = page.getByRole('dialog', { name: '绑定安全邮箱' });
  await expect(dialog.getByLabel('邮箱地址')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const address = `${uniqueName('e2e').toLowerCase()}@example.com`;
  await dialog.getByLabel('邮箱地址').fill(address);
  await dialog.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByText('验证码已发送，请查收邮件')).toBeVisible();
  // The button counts down before another code can be asked for.
  await expect(dialog.getByRole('button', { name: /^\d+ 秒后重发$/ })).toBeDisabled();

  const mail = await mailTo(address);
  expect(mail.subject).toMatch(/^SiteOps 安全验证码：\d{6}$/);
  expect(mail.text).toContain(who.username);
  const code = codeOf(mail);
  const wrong = code === '000000' ? '111111' : '000000';
  await dialog.getByLabel('验证码', { exact: true }).fill(wrong);
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(dialog.getByText('验证码不正确，还可尝试 4 次').first()).toBeVisible();

  await dialog.getByLabel('验证码', { exact: true }).fill(code);
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('绑定成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(emailRow).toContainText('已绑定');
  await expect(emailRow).toContainText(`${address[0]}***@example.com`);
  await expect(emailRow.getByRole('button', { name: '解绑' })).toBeVisible();
  // The change is in the user's security log.
  await expect(page.getByRole('tabpanel', { name: '安全设置' })).toContainText('绑定了安全手机或邮箱');
});

test('set the security question in English: the current password is checked beside its field', async ({
  page,
  request,
}) => {
  const who = await createUser(request, 'user');
  await page.addInitScript(() => localStorage.setItem('locale', 'en-US'));
  await login(page, who);
  await openConsole(page, '/user/setting?tab=security');
  const row = page
    .getByRole('list', { name: 'Security settings' })
    .getByRole('listitem', { name: 'Security question' });
  await expect(row).toContainText('Not set');
  await row.getByRole('button', { name: 'Set' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set the security question' });
  await dialog.getByLabel('Question').fill('First school?');
  await dialog.getByLabel('Answer').fill('Hill Road');
  await dialog.getByLabel('Current password').fill('Wrong#pass1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The current password is incorrect').first()).toBeVisible();
  await dialog.getByLabel('Current password').fill(who.password);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Set');
  await expect(row).toContainText('First school?');
  await expect(row.getByRole('button', { name: 'Modify' })).toBeVisible();
});
