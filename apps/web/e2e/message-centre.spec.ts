import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiLogin, createUser, login, openConsole } from './support';

/** Opens the bell's box and waits until its opening animation is over (a click during it can miss). */
async function openBox(page: Page, bellButton: Locator) {
  await bellButton.click();
  const box = page.locator('.ant-popover').filter({ visible: true });
  await expect(box.first()).toBeVisible();
  // Finite animations only: a loading spinner turns for ever.
  await box.first().evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
}

/**
 * The message centre fed by a real event: a user submits a real-name certification, which is a to-do
 * for every admin. A fresh admin's console (no reload) counts it on the bell; "view all" opens the
 * full-page centre on the to-do tab, where it is found by search and marked read, and the bell's count
 * follows. Muting certification in the preferences stops the next one for this admin, while another
 * admin still gets it.
 */

async function submitCertification(request: APIRequestContext, enterpriseName: string) {
  const token = await apiLogin(request, await createUser(request, 'user'));
  const res = await request.post('/api/certification/submit', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      accountType: 'enterprise',
      legalPersonName: '王五',
      legalIdType: 'idCard',
      legalIdNo: '110105199005171234',
      enterpriseName,
      enterpriseCertType: 'businessLicence',
      organisationCode: '91110000-MA01ABCD3X',
    },
  });
  const body = (await res.json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(200);
}

async function todoTitles(request: APIRequestContext, token: string) {
  const res = await request.get('/api/notification/listAll?tab=todo&pageSize=100', {
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'zh-CN' },
  });
  return ((await res.json()) as { data: { list: { title: string }[] } }).data.list.map((n) => n.title);
}

test('a to-do shows in the centre, mark read clears the bell live, a muted kind stops the next', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await createUser(request, 'admin');
  const adminToken = await apiLogin(request, admin);
  const stamp = Date.now().toString(36);
  const first = `E2E 消息 ${stamp}`;
  const second = `E2E 静音 ${stamp}`;

  await login(page, admin);
  const bell = (unread?: number) => page.getByRole('button', { name: unread ? `消息，${unread} 条未读` : /^消息$/ });
  await expect(bell()).toBeVisible();

  await submitCertification(request, first);
  const title = `待审核的实名认证：${first}`;
  await expect(bell(1)).toBeVisible({ timeout: 30_000 });

  // The bell's box links to the full page, on the tab it shows.
  await openBox(page, bell(1));
  await page.getByRole('tab', { name: /待办/ }).click();
  await page.getByRole('button', { name: '查看全部' }).click();
  await expect(page).toHaveURL(/\/user\/messages\?tab=todo/);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  const query = page.getByTestId('query-form');
  await query.getByLabel('搜索').fill(first);
  await query.getByRole('button', { name: /^查\s*询$/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title);
  await expect(rows.first()).toContainText('未读');

  await rows.first().getByRole('button', { name: '标为已读' }).click();
  await expect(bell()).toBeVisible();
  await expect(rows.first()).toContainText('已读');
  await expect(rows.first().getByRole('button', { name: '标为已读' })).toBeHidden();

  // Mute certification; email is greyed out (this admin has bound no security email), with a note
  // that links to binding one.
  await openConsole(page, '/user/setting?tab=notifications');
  const prefs = page.getByRole('tabpanel', { name: '消息通知' });
  await expect(prefs.getByText(/请先在安全设置中绑定安全邮箱/)).toBeVisible();
  await expect(prefs.getByRole('link', { name: '安全设置' })).toHaveAttribute('href', '/user/setting?tab=security');
  await expect(prefs.getByRole('switch', { name: '实名认证：邮件' })).toBeDisabled();
  const muted = prefs.getByRole('switch', { name: '实名认证：控制台' });
  await expect(muted).toBeChecked();
  await muted.click();
  await expect(page.getByText('通知设置已保存')).toBeVisible();
  await expect(muted).not.toBeChecked();

  await submitCertification(request, second);
  // The event happened (another admin has it), and this admin got nothing: not listed, not on the bell.
  const mainAdmin = await apiLogin(request, ADMIN);
  await expect.poll(() => todoTitles(request, mainAdmin)).toContain(`待审核的实名认证：${second}`);
  expect(await todoTitles(request, adminToken)).toEqual([title]);
  // Not on the bell either: its to-do tab counts nothing unread (the bell's total may hold device notices
  // that tests running beside this one cause for every admin).
  const counts = await request.get('/api/notification/counts', { headers: { Authorization: `Bearer ${adminToken}` } });
  expect(((await counts.json()) as { data: { todo: number } }).data.todo).toBe(0);
});
