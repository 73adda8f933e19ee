import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiBindByCode, bindByCode } from './bindByCode';
import { mailTo, mailsTo } from './mailbox';
import { ADMIN, api, apiLogin, createUser, openConsole, uniqueName, loginTo } from './support';
import { certificationApi } from '@siteops/contracts/certification/api';
import { notificationApi } from '@siteops/contracts/notification/api';
import { CERTIFICATION_FORM } from './forms';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 240_000 });

/**
 * Notification emails as a user meets them: the email switches of the "message notification" settings
 * are greyed out until a security email is bound (with the code the run's SMTP server really received,
 * global-setup.ts); once it is, the user turns email on for certification, and when an admin passes
 * the user's certification the outcome arrives at that address, in both languages, linking to the
 * console (PUBLIC_URL, playwright.config.ts). A user with a bound email who did not choose email for
 * the kind gets none.
 */

/** Submits a real-name certification for the user of `token`; answers its id. */
async function submitCertification(request: APIRequestContext, token: string, enterpriseName: string) {
  const submitted = await api(request, certificationApi.submit, { ...CERTIFICATION_FORM, enterpriseName }, token);
  return submitted.id;
}

const pass = (request: APIRequestContext, admin: string, id: number) =>
  api(request, certificationApi.review, { id, result: 'passed', opinion: '证照清晰' }, admin);

test('a user who chose email for certification is mailed its outcome; one who did not is not', async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await apiLogin(request, ADMIN);

  // Someone with a bound email who keeps the default: certification in the console only.
  const quiet = await createUser(request, 'user');
  const quietToken = await apiLogin(request, quiet);
  const quietAddress = `${uniqueName('quiet').toLowerCase()}@example.com`;
  await apiBindByCode(request, quietToken, 'email', quietAddress);
  const quietPrefs = await api(request, notificationApi.preferences, {}, quietToken);
  expect(quietPrefs.emailBound).toBe(true);
  expect(quietPrefs.preferences.find((p) => p.kind === 'certification')?.email).toBe(false);
  const quietCertification = await submitCertification(request, quietToken, uniqueName('E2E 静默建设'));

  const who = await createUser(request, 'user');
  await loginTo(page, '/user/setting?tab=notifications', who);
  const notifications = page.getByRole('tabpanel', { name: '消息通知' });
  const emailSwitch = notifications.getByRole('switch', { name: '实名认证：邮件' });
  // No security email yet: every email switch is greyed out, and the note says where to bind one.
  await expect(emailSwitch).toBeDisabled();
  await expect(emailSwitch).not.toBeChecked();
  await expect(notifications.getByRole('switch', { name: '设备状态：邮件' })).toBeDisabled();
  await expect(notifications).toContainText('邮件会发送到您的安全邮箱：请先在安全设置中绑定安全邮箱。');
  await notifications.getByRole('link', { name: '安全设置' }).click();
  await expect(page).toHaveURL(/\/user\/setting\?tab=security$/);

  const address = `${uniqueName('mine').toLowerCase()}@example.com`;
  await bindByCode(page, 'email', address);

  await page.getByRole('tab', { name: '消息通知' }).click();
  await expect(emailSwitch).toBeEnabled();
  await expect(notifications).not.toContainText('请先在安全设置中绑定安全邮箱');
  await emailSwitch.click();
  await expect(page.getByText('通知设置已保存')).toBeVisible();
  await expect(emailSwitch).toBeChecked();
  // Only the kind chosen: the others still email nobody.
  await expect(notifications.getByRole('switch', { name: '设备状态：邮件' })).not.toBeChecked();

  const enterprise = uniqueName('E2E 邮件建设');
  const mine = await submitCertification(request, await apiLogin(request, who), enterprise);
  // The quiet one's passes first, so its mail, were there one, would be on its way before ours.
  await pass(request, admin, quietCertification);
  await pass(request, admin, mine);

  const mail = await mailTo(address, (m) => m.subject.includes('实名认证'));
  expect(mail.to).toEqual([address]);
  expect(mail.subject).toBe('SiteOps: 您的实名认证已通过 / Your real-name certification passed');
  expect(mail.text).toContain(`${enterprise} 现在是您的认证主体。`);
  expect(mail.text).toContain(`${enterprise} is now your certified subject.`);
  expect(mail.text).toContain('您在 SiteOps 中为“实名认证”通知选择了邮件');
  const link = `${baseURL}/user/setting?tab=certification`;
  expect(mail.text).toContain(`在 SiteOps 中查看：${link}`);
  expect(mail.text).toContain(`Open it in SiteOps: ${link}`);

  // The link opens the user's certification tab in the console, which shows the outcome.
  await openConsole(page, /在 SiteOps 中查看：(\S+)/.exec(mail.text)![1]!);
  const certification = page.getByRole('tabpanel', { name: '实名认证' });
  await expect(certification).toContainText('已认证');
  await expect(certification).toContainText(enterprise);

  // The quiet user got only its binding code (asked for through the API, so in English).
  await page.waitForTimeout(1_000);
  expect(mailsTo(quietAddress).map((m) => m.subject)).toEqual([
    expect.stringMatching(/^SiteOps security code: \d{6}$/),
  ]);
});
