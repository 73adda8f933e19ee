import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, api, apiLogin, client, createUser, login, openConsole, reloadConsole } from './support';
import { certificationApi } from '@siteops/contracts/certification/api';
import { notificationApi } from '@siteops/contracts/notification/api';
import { NOTIFICATION_KINDS } from '@siteops/contracts/notification/schemas';
import { confirmPopup, openBellBox } from './uiSteps';
import { CERTIFICATION_FORM } from './forms';

test.use({ reducedMotion: 'reduce' });
// The machine is shared by several engineers' builds and tests: pages can take seconds to load.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

// Both tests of this file raise certification to-dos, which reach every admin: in one file they never run
// side by side, so neither sees the other's on its bell.

/**
 * The user settings end to end: basic info saved with its field checks; real-name certification: a user submits the enterprise form on the certification tab, an
 * admin passes it in the review queue (in its own browser), and the user's open console is told live
 * (bell and pop-up); its tab then shows it certified, with "change subject" and the passed record, and
 * the security tab's log shows both steps and "export data" downloads the user's file.
 */
test('a user submits a certification, an admin passes it, the user is told and certified', async ({
  page,
  browser,
}) => {
  const user = await createUser(page.request, 'user');
  const enterprise = `E2E 建设 ${Date.now().toString(36)}`;

  await login(page, user);
  // Basic info first: spec 5's required fields and the 200-character introduction, checked on the fields.
  await openConsole(page, '/user/setting');
  const basic = page.getByRole('tabpanel', { name: '基础信息' });
  await basic.getByLabel('昵称').fill('');
  await basic.getByLabel('个人简介').fill('x'.repeat(201));
  await basic.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(basic.getByText('请输入昵称')).toBeVisible();
  await expect(basic.getByText('个人简介最多 200 个字符')).toBeVisible();
  await basic.getByLabel('昵称').fill('实名测试');
  await basic.getByLabel('个人简介').fill('负责工地安全');
  await basic.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await reloadConsole(page);
  await expect(basic.getByLabel('昵称')).toHaveValue('实名测试');

  await page.getByRole('tab', { name: '实名认证' }).click();
  const tab = page.getByRole('tabpanel', { name: '实名认证' });
  await expect(tab).toContainText('未认证');
  await expect(tab).not.toContainText('审核中');
  await tab.getByRole('button', { name: /^去认证$/ }).click();
  const form = page.getByRole('dialog').filter({ hasText: '去认证' });
  // The form checks its fields before anything is sent.
  await form.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(form.getByText('请输入法人姓名')).toBeVisible();
  await form.getByLabel('法人姓名').fill(CERTIFICATION_FORM.legalPersonName);
  await form.getByLabel('法人证件号码').fill(CERTIFICATION_FORM.legalIdNo);
  await form.getByLabel('企业名称').fill(enterprise);
  await form.getByLabel('组织机构代码').fill('12');
  await form.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(form.getByText('8-18 位字母或数字')).toBeVisible();
  await form.getByLabel('组织机构代码').fill(CERTIFICATION_FORM.organisationCode);
  await form.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('已提交，等待管理员审核')).toBeVisible();
  await expect(form).toBeHidden();

  const records = tab.locator('.ant-table-tbody tr.ant-table-row');
  await expect(records).toHaveCount(1);
  await expect(records.first()).toContainText('企业证件认证');
  await expect(records.first()).toContainText(`${enterprise} · 91110000MA01ABCD3X`);
  await expect(records.first()).toContainText('审核中');
  await expect(tab.locator('.ant-tag', { hasText: /^审核中$/ })).toHaveCount(2);
  // The legal ID number comes back masked.
  await records
    .first()
    .getByRole('button', { name: /^查\s*看$/ })
    .click();
  const view = page.getByRole('dialog').filter({ hasText: '企业证件认证' });
  await expect(view).toContainText('110***********1234');
  await expect(view).not.toContainText('110105199005171234');
  await view.getByRole('button', { name: /Close|关闭/ }).click();

  // The admin, in its own browser, passes it in the review queue.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  const admin = await adminContext.newPage();
  await login(admin, ADMIN);
  // One label for the status everywhere: the user list says what the user's own tab says, "under review"
  // (the value `unknown` of spec 4, while a submission is audited) as on the record.
  const userRow = async () => {
    await openConsole(admin, `/user/info?userName=${encodeURIComponent(user.username)}`);
    const rows = admin.locator('main .ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    return rows.first();
  };
  await expect(await userRow()).toContainText('审核中');
  await openConsole(admin, `/user/certification-audit?keyword=${encodeURIComponent(user.username)}`);
  const queue = admin.locator('main .ant-table-tbody tr.ant-table-row');
  await expect(queue).toHaveCount(1);
  await expect(queue.first()).toContainText(enterprise);
  await expect(queue.first()).toContainText('110***********1234');
  await queue
    .first()
    .getByRole('button', { name: /^审\s*核$/ })
    .click();
  const review = admin.getByRole('dialog').filter({ hasText: `${user.username} 的实名认证` });
  await review.getByRole('button', { name: /^通\s*过$/ }).click();
  await admin.getByRole('tooltip').getByLabel('审核意见').fill('证照清晰');
  await confirmPopup(admin, '确定审核通过吗？');
  await expect(admin.getByText('认证已通过')).toBeVisible();
  await expect(queue).toHaveCount(0);

  // The user's open console hears it live: the bell counts it and it pops up.
  await expect(page.getByRole('button', { name: '消息，1 条未读' })).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('.ant-notification').getByText('您的实名认证已通过')).toBeVisible();
  await expect(await userRow()).toContainText('已认证');
  await adminContext.close();

  await reloadConsole(page);
  await expect(tab).toContainText('已认证');
  await expect(tab).toContainText(enterprise);
  await expect(tab).toContainText('证照清晰');
  await expect(tab.getByRole('button', { name: /^修改主体$/ })).toBeEnabled();
  await expect(records.first()).toContainText('已通过');
  await expect(records.first().getByRole('button', { name: /^撤\s*回$/ })).toHaveCount(0);

  // The security tab's log shows the submission and the admin's decision; "export data" downloads my file.
  await page.getByRole('tab', { name: '安全设置' }).click();
  const security = page.getByRole('tabpanel', { name: '安全设置' });
  await expect(security).toContainText('提交了实名认证');
  await expect(security.locator('tr', { hasText: '实名认证已通过' })).toContainText('admin');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    security.getByRole('button', { name: '导出我的数据' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^siteops-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
});

/**
 * The message centre fed by a real event: a user submits a real-name certification, which is a to-do
 * for every admin. A fresh admin's console (no reload) counts it on the bell; "view all" opens the
 * full-page centre on the to-do tab, where it is found by search and marked read, and the bell's count
 * follows. Muting certification in the preferences stops the next one for this admin, while another
 * admin still gets it.
 */

async function submitCertification(request: APIRequestContext, enterpriseName: string) {
  const token = await apiLogin(request, await createUser(request, 'user'));
  await api(request, certificationApi.submit, { ...CERTIFICATION_FORM, enterpriseName }, token);
}

async function todoTitles(request: APIRequestContext, token: string) {
  const res = await client(request)(
    notificationApi.listAll,
    { tab: 'todo', pageSize: 100 },
    { token, headers: { 'Accept-Language': 'zh-CN' } },
  );
  return (res.body as { data: { list: { title: string }[] } }).data.list.map((n) => n.title);
}

test('a to-do shows in the centre, mark read clears the bell live, a muted kind stops the next', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await createUser(request, 'admin');
  const adminToken = await apiLogin(request, admin);
  // Only certification reaches this admin: what other tests cause for every admin (devices going
  // offline, a rollout pausing, an announcement, an alarm) would change the bell's count under the test.
  const others = await request.put(notificationApi.savePreferences.path, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: {
      preferences: NOTIFICATION_KINDS.filter((kind) => kind !== 'certification').map((kind) => ({
        kind,
        console: false,
        email: false,
      })),
    },
  });
  expect(others.ok()).toBe(true);
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
  await openBellBox(page, bell(1));
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
  // Filtered by what it is about: not a device notice, a certification one.
  const filterKind = async (label: string) => {
    await query.getByLabel('类别').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .click();
    await query.getByRole('button', { name: /^查\s*询$/ }).click();
  };
  await filterKind('设备');
  await expect(page).toHaveURL(/kind=device/);
  await expect(rows).toHaveCount(0);
  await filterKind('实名认证');
  await expect(rows).toHaveCount(1);

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
  const counts = await client(request)(notificationApi.counts, {}, adminToken);
  expect((counts.body as { data: { todo: number } }).data.todo).toBe(0);
});
