import { expect, test } from '@playwright/test';
import { api, apiLogin, createUser, uniqueName, loginTo } from './support';
import { accountApi } from '@siteops/contracts/account/api';
import { seriousAxeViolations } from './uiSteps';
import { apiBindByCode, bindByCode } from './bindByCode';
import { loginWithRecoveredPassword, resetPasswordWithCode } from './recovery';
import { codeOf, mailTo } from './mailbox';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 180_000 });

/**
 * Spec 2's security tab: bind a security email with the code that really arrives by mail (the run's
 * SMTP server, global-setup.ts); a wrong code is refused beside its field. The run has an SMS webhook
 * receiver too, so the phone is offered for binding (sms.spec.ts binds one).
 */
test('bind the security email with the code received by mail', async ({ page, request }) => {
  const who = await createUser(request, 'user');
  await loginTo(page, '/user/setting?tab=security', who);
  const settings = page.getByRole('list', { name: '安全设置' });
  const emailRow = settings.getByRole('listitem', { name: '安全邮箱' });
  const phoneRow = settings.getByRole('listitem', { name: '安全手机' });
  await expect(emailRow).toContainText('未绑定');
  await expect(phoneRow).toContainText('未绑定');
  await expect(phoneRow.getByRole('button', { name: '绑定' })).toBeVisible();
  await expect(settings.getByRole('listitem', { name: '密保问题' })).toContainText('未设置');

  expect(await seriousAxeViolations(page)).toEqual([]);

  const address = `${uniqueName('e2e').toLowerCase()}@example.com`;
  const mail = await bindByCode(page, 'email', address, {
    opened: async () => expect(await seriousAxeViolations(page)).toEqual([]),
  });
  expect(mail.subject).toMatch(/^SiteOps 安全验证码：\d{6}$/);
  expect(mail.text).toContain(who.username);
  // The change is in the user's security log.
  await expect(page.getByRole('tabpanel', { name: '安全设置' })).toContainText('绑定了安全手机或邮箱');
});

test('set the security question in English: the current password is checked beside its field', async ({
  page,
  request,
}) => {
  const who = await createUser(request, 'user');
  await page.addInitScript(() => localStorage.setItem('locale', 'en-US'));
  await loginTo(page, '/user/setting?tab=security', who);
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

/**
 * A forgotten password: from the login page, the security question typed (never shown: it would tell
 * who has an account) with its answer, a wrong answer refused beside its field, then the right one and a
 * new password typed twice; the old password no longer works.
 */
test('recover a forgotten password with the security question', async ({ page, request }) => {
  const who = await createUser(request, 'user');
  const token = await apiLogin(request, who);
  await api(
    request,
    accountApi.securityQuestion,
    { password: who.password, question: '第一辆自行车的颜色？', answer: '蓝色' },
    token,
  );

  await page.goto('/login');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL(/\/recover$/);
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  // The pointer stays where the link was, over the next button: checked as it rests, not hovered.
  await page.mouse.move(0, 0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByLabel('用户名').fill(who.username);
  await page.getByRole('button', { name: '下一步' }).click();
  // This run sends email, so the emailed code is offered first; the question is the other way.
  await expect(page.getByRole('radio', { name: '安全邮箱验证码' })).toBeChecked();
  await page.getByRole('radio', { name: '回答密保问题' }).check();
  await expect(page.getByText('这里不会显示问题')).toBeVisible();
  await expect(page.getByText('第一辆自行车的颜色')).toHaveCount(0);

  const newPassword = 'Recover#2026';
  await page.getByLabel('密保问题', { exact: true }).fill('第一辆自行车的颜色');
  await page.getByLabel('答案').fill('红色');
  await page.getByLabel('新密码', { exact: true }).fill(newPassword);
  await page.getByLabel('确认新密码').fill(`${newPassword}x`);
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('两次输入的新密码不一致，请重新修改')).toBeVisible();
  await page.getByLabel('确认新密码').fill(newPassword);
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('密保问题或答案与该账号的不符')).toBeVisible();

  await page.getByLabel('答案').fill(' 蓝色 ');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('密码已重置')).toBeVisible();
  await page.mouse.move(0, 0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await loginWithRecoveredPassword(page, who, newPassword);
});

/**
 * A forgotten password recovered by the code mailed to the bound security email: no address is shown,
 * a wrong code is refused beside its field and counts a try, the right one resets the password.
 */
test('recover a forgotten password with a code sent to the security email', async ({ page, request }) => {
  const who = await createUser(request, 'user');
  const token = await apiLogin(request, who);
  const address = `${uniqueName('rec').toLowerCase()}@example.com`;
  await apiBindByCode(request, token, 'email', address);

  await page.goto('/recover');
  await page.getByLabel('用户名').fill(who.username);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('radio', { name: '安全邮箱验证码' })).toBeChecked();
  await expect(page.getByText('为保护隐私，此处不显示邮箱地址')).toBeVisible();
  await expect(page.locator('form')).not.toContainText('@');
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByRole('status')).toContainText('验证码已发送至该邮箱');
  await expect(page.getByRole('button', { name: /^\d+ 秒后重发$/ })).toBeDisabled();
  await page.mouse.move(0, 0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The newest mail to the address is the recovery one (the binding code came before).
  let mail = await mailTo(address);
  await expect.poll(async () => (mail = await mailTo(address)).text).toContain('重置 SiteOps 账号');
  expect(mail.text).toContain(who.username);
  const code = codeOf(mail);
  const newPassword = 'Mailed#2026';
  await resetPasswordWithCode(page, code, newPassword);
  await loginWithRecoveredPassword(page, who, newPassword);
});
