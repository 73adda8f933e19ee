import { expect, test } from '@playwright/test';
import { createUser, reloadConsole, loginTo } from './support';
import { searchFor, seriousAxeViolations } from './uiSteps';

test.use({ reducedMotion: 'reduce' });
// Logs in twice; a login boots the console, which takes long on a busy machine.
test.describe.configure({ timeout: 240_000 });

/**
 * The settings' social-info tab: a user keeps the handles colleagues reach them by, meets a field error,
 * saves by keyboard, finds it all again after a reload, and the admin sees it on that user's details.
 */
const HANDLES = {
  微信号: 'zhang_san88',
  QQ号: '12345678',
  钉钉号: 'zhangsan',
  企业微信账号: 'ZhangSan',
  '个人/公司网站': 'https://example.com/zhang',
};

test('a user keeps its social info; the admin sees it on the user’s details', async ({ page, request }) => {
  const who = await createUser(request, 'user');
  await loginTo(page, '/user/setting', who);
  await page.getByRole('tab', { name: '社交信息' }).click();
  await expect(page).toHaveURL(/tab=social/);
  const form = page.getByRole('region', { name: '社交信息' });
  for (const label of Object.keys(HANDLES)) await expect(form.getByLabel(label)).toHaveValue('');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A QQ number never starts with 0: refused beside its field, nothing is saved.
  await form.getByLabel('微信号').fill(HANDLES.微信号);
  await form.getByLabel('QQ号').fill('01234567');
  await form.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(form.locator('.ant-form-item-explain-error')).toHaveText('5-11 位数字，不能以 0 开头');
  await expect(page.getByText('保存成功')).toHaveCount(0);

  for (const [label, value] of Object.entries(HANDLES)) await form.getByLabel(label).fill(value);
  await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(0);
  // Enter in a field submits the form.
  await form.getByLabel('个人/公司网站').press('Enter');
  await expect(page.getByText('保存成功')).toBeVisible();

  await reloadConsole(page);
  const again = page.getByRole('region', { name: '社交信息' });
  for (const [label, value] of Object.entries(HANDLES)) await expect(again.getByLabel(label)).toHaveValue(value);

  // Clearing one removes it.
  await again.getByLabel('钉钉号').fill('');
  await again.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();

  // It is an account change: the security log lists it.
  await page.getByRole('tab', { name: '安全设置' }).click();
  await expect(page.getByRole('cell', { name: '修改了社交信息' }).first()).toBeVisible();

  // The admin opens the user's details in the user list.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginTo(page, '/user/info');
  await searchFor(page, '账号', who.username);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: who.username });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  const social = page.getByRole('dialog').filter({ hasText: '编辑用户' }).getByRole('region', { name: '社交信息' });
  await expect(social).toContainText('由用户在个人设置中自行填写，此处只读。');
  for (const [label, value] of Object.entries(HANDLES)) {
    const item = social.locator('th', { hasText: label }).locator('xpath=following-sibling::td[1]');
    await expect(item).toHaveText(label === '钉钉号' ? '未填写' : value);
  }
  await expect(social.getByRole('link', { name: HANDLES['个人/公司网站'] })).toHaveAttribute(
    'href',
    HANDLES['个人/公司网站'],
  );
  await expect(social.getByRole('textbox')).toHaveCount(0);
});
