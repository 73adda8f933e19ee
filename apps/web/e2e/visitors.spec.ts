import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ADMIN, addProject, apiLogin, openConsole, uniqueName, loginTo } from './support';
import { confirmPopup, deleteRow, openFormSavedEmpty } from './uiSteps';

test.use({ reducedMotion: 'reduce' });
// The machine is shared by several engineers' builds and tests: pages can take seconds to load.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const rows = (page: Page) => page.locator('main .ant-table-tbody tr.ant-table-row');
const queryForm = (page: Page) => page.getByTestId('query-form');

async function searchName(page: Page, name: string) {
  await queryForm(page).getByLabel('访客姓名').fill(name);
  await queryForm(page)
    .getByRole('button', { name: /^查\s*询$/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`[?&]realName=${encodeURIComponent(name)}(&|$)`));
}

// The manager-cannot-see-another-project rule is covered by the API tests (visitor.test.ts, access matrix).
test('admin registers a visitor, audits it as passed on the audit page, and the list shows it valid with its pass', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, ADMIN);
  const { name: project } = await addProject(request, token, { label: 'Gate site', codePrefix: 'GS' });
  const name = uniqueName('Visitor');

  await loginTo(page, '/visitor/visitor-List');
  await expect(page.locator('main .ant-table-thead')).toContainText('访客姓名');

  // Register: the drawer checks the required fields first.
  const drawer = await openFormSavedEmpty(page, /新\s*建$/, '新建访客', ['请输入访客姓名']);
  // A run holds hundreds of projects: the picker finds the site by the name typed, as an operator would.
  await drawer.getByLabel('项目').fill(project);
  await page.locator('.ant-select-item-option').filter({ hasText: project }).click();
  await drawer.getByLabel('访客姓名').fill(name);
  await drawer.getByLabel('手机号').fill('13700137000');
  await drawer.getByLabel('来访事由').fill('Crane inspection');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(drawer).toBeHidden();

  await searchName(page, name);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('待审核');
  await expect(rows(page).first()).toContainText(project);

  // The audit page: pending tab, audit modal with an opinion, pass after the confirmation.
  await openConsole(page, '/visitor/visitor-audit');
  await searchName(page, name);
  await expect(rows(page)).toHaveCount(1);
  await rows(page)
    .first()
    .getByRole('button', { name: /审\s*核/ })
    .click();
  const audit = page.getByRole('dialog').filter({ hasText: `审核访客：${name}` });
  // Each decision asks for its confirmation with its own opinion: words typed for "pass" are not
  // offered (nor saved) with "not pass", which asks first too.
  await audit.getByRole('button', { name: /^通\s*过$/ }).click();
  const passPopup = page.getByRole('tooltip').filter({ hasText: '确定审核通过吗？' });
  await passPopup.getByLabel('审核意见').fill('Expected by the site office');
  await audit.getByRole('button', { name: /^不通过$/ }).click();
  const rejectPopup = page.getByRole('tooltip').filter({ hasText: '确定审核不通过吗？' });
  await expect(rejectPopup.getByLabel('审核意见')).toHaveValue('');
  await rejectPopup.getByRole('button', { name: /取\s*消/ }).click();
  await expect(rejectPopup).toBeHidden();
  await expect(page.getByText('访客未通过审核')).toHaveCount(0);
  await audit.getByRole('button', { name: /^通\s*过$/ }).click();
  await expect(passPopup.getByLabel('审核意见')).toHaveValue('Expected by the site office');
  await confirmPopup(page, '确定审核通过吗？');
  await expect(page.getByText('访客已审核通过')).toBeVisible();
  await expect(audit).toBeHidden();
  await expect(rows(page)).toHaveCount(0);

  await page.getByRole('tab', { name: '已通过' }).click();
  await expect(page).toHaveURL(/[?&]tab=valid/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Expected by the site office');
  await expect(rows(page).first()).toContainText('admin');

  // The list shows it valid; the info modal has the pass QR code.
  await openConsole(page, '/visitor/visitor-List');
  await searchName(page, name);
  await expect(rows(page).first()).toContainText('有效');
  await rows(page)
    .first()
    .getByRole('button', { name: /查\s*看/ })
    .click();
  const info = page.getByRole('dialog').filter({ hasText: `访客：${name}` });
  await expect(info.getByTestId('visitor-pass')).toBeVisible();
  await expect(info).toContainText('通行二维码');
  await expect(info).toContainText('Expected by the site office');
  await info.getByRole('button', { name: /Close|关闭/ }).click();

  // Delete, with the confirmation.
  await deleteRow(page, rows(page).first());
  await expect(rows(page)).toHaveCount(0);
});
