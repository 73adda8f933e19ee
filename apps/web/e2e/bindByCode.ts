import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { codeOf, mailTo, type Mail } from './mailbox';
import { textTo, type Text } from './smsbox';
import { api } from './support';
import { accountApi } from '@siteops/contracts/account/api';

/**
 * Binding a security email or phone with the one-time code that really arrives (the run's SMTP server
 * and SMS webhook receiver, global-setup.ts), as security-settings.spec.ts, sms.spec.ts and
 * notification-email.spec.ts each need it.
 */
type Channel = 'email' | 'phone';

const WORDS = {
  email: { row: '安全邮箱', dialog: '绑定安全邮箱', field: '邮箱地址', sent: '验证码已发送，请查收邮件' },
  phone: { row: '安全手机', dialog: '绑定安全手机', field: '手机号', sent: '验证码已通过短信发送' },
} as const;

/** How the security tab shows a bound address or number: `a***@example.com`, `139****5678`. */
const masked = (channel: Channel, target: string) =>
  channel === 'email'
    ? `${target[0]}***${target.slice(target.indexOf('@'))}`
    : `${target.slice(0, 3)}****${target.slice(-4)}`;

/** The newest mail or text to `target`; of the texts, a binding one unless `anyText`. */
const received = (channel: Channel, target: string, anyText = false) =>
  channel === 'email' ? mailTo(target) : textTo(target, (m) => anyText || m.purpose === 'bind');
const codeIn = (message: Mail | Text) => ('code' in message ? message.code : codeOf(message));
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

/**
 * In the console's security tab (already open): bind `target` from its row's dialog, typed as `typed`
 * (the target unless given); the code asked for is counted down before another, a wrong one is refused
 * beside its field, the received one binds, and the row then shows it masked with "unbind".
 * `opened` runs once the dialog shows. Answers the mail or text that carried the code.
 */
export async function bindByCode(
  page: Page,
  channel: 'email',
  target: string,
  opts?: { typed?: string; opened?: (dialog: Locator) => Promise<void> },
): Promise<Mail>;
export async function bindByCode(
  page: Page,
  channel: 'phone',
  target: string,
  opts?: { typed?: string; opened?: (dialog: Locator) => Promise<void> },
): Promise<Text>;
export async function bindByCode(
  page: Page,
  channel: Channel,
  target: string,
  { typed = target, opened }: { typed?: string; opened?: (dialog: Locator) => Promise<void> } = {},
): Promise<Mail | Text> {
  const words = WORDS[channel];
  const row = page.getByRole('list', { name: '安全设置' }).getByRole('listitem', { name: words.row });
  await row.getByRole('button', { name: '绑定' }).click();
  const dialog = page.getByRole('dialog', { name: words.dialog });
  await expect(dialog.getByLabel(words.field)).toBeVisible();
  await opened?.(dialog);
  await dialog.getByLabel(words.field).fill(typed);
  await dialog.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByText(words.sent)).toBeVisible();
  // The button counts down before another code can be asked for.
  await expect(dialog.getByRole('button', { name: /^\d+ 秒后重发$/ })).toBeDisabled();

  // Whatever arrived, so the caller can check it is the binding one.
  const message = await received(channel, target, true);
  const code = codeIn(message);
  await dialog.getByLabel('验证码', { exact: true }).fill(otherThan(code));
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(dialog.getByText('验证码不正确，还可尝试 4 次').first()).toBeVisible();

  await dialog.getByLabel('验证码', { exact: true }).fill(code);
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('绑定成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('已绑定');
  await expect(row).toContainText(masked(channel, target));
  await expect(row.getByRole('button', { name: '解绑' })).toBeVisible();
  return message;
}

/** The same through the API as the user of `token`, for a test whose subject comes after the binding. */
export async function apiBindByCode(request: APIRequestContext, token: string, channel: Channel, target: string) {
  await api(request, accountApi.securityCode, { channel, target }, token);
  const code = codeIn(await received(channel, target));
  await api(request, accountApi.securityBind, { channel, target, code }, token);
}
