import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { ADMIN, addProject, apiLogin, login, openConsole, pickOption, uniqueName } from './support';
import { test } from './simDevice';

/**
 * The rule form's sources (issue 32): an admin fills "no data for 30 minutes" from the template for a
 * project, previews it (the last 7 days, before saving), saves it and reads it in the list; then a
 * crane collision event rule: the event left out is refused beside its field, then chosen with its code
 * and an auto-clear time. Both dialogs pass axe.
 */

async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const option = (page: Page, text: string | RegExp) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });

test('rules on no data and on a device event, with a preview before saving', async ({ page, request }) => {
  test.setTimeout(240_000);
  const token = await apiLogin(request, ADMIN);
  const site = await addProject(request, token, { label: 'E2E 无数据工地', codePrefix: 'NOD' });
  const silent = uniqueName('无数据');

  await login(page);
  await openConsole(page, '/alarm/alarm-rules');
  await page.getByRole('button', { name: '新建' }).click();
  const dialog = page.getByRole('dialog', { name: '新建告警规则' });
  await dialog.getByRole('button', { name: '从模板填写' }).click();
  await page.getByRole('menuitem', { name: '30 分钟无数据' }).click();
  await expect(dialog.getByRole('radio', { name: '无数据' })).toBeChecked();
  await expect(dialog.getByLabel('无数据时长（分钟）')).toHaveValue('30');
  // No reading terms for this source.
  await expect(dialog.getByLabel('第 1 项的阈值')).toHaveCount(0);
  await dialog.getByLabel('适用范围').click();
  await option(page, /^项目$/).click();
  await pickOption(page, dialog.getByLabel('项目', { exact: true }), site.name);

  // The preview before a name is given: a new project has no devices, so nothing would have fired.
  await dialog.getByRole('button', { name: '预览：最近 7 天' }).click();
  await expect(dialog.getByRole('status')).toContainText('最近 7 天内此规则会触发 0 次');
  expect(await axeViolations(page, '.ant-modal')).toEqual([]);
  await dialog.getByLabel('规则名称').fill(silent);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  const silentRow = page.getByRole('row').filter({ hasText: silent });
  await expect(silentRow).toContainText('30 分钟无数据');
  await expect(silentRow).toContainText(`项目: ${site.name}`);

  // An event rule: the event is required, beside its field.
  const collision = uniqueName('塔吊碰撞');
  await page.getByRole('button', { name: '新建' }).click();
  await dialog.getByLabel('规则名称').fill(collision);
  // A button-style radio: its input is hidden under the label a person clicks.
  await dialog.locator('label', { hasText: /^设备事件$/ }).click();
  await expect(dialog.getByRole('radio', { name: '设备事件' })).toBeChecked();
  await dialog.getByLabel('设备类型').click();
  await option(page, /^塔吊$/).click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请选择事件')).toBeVisible();
  await dialog.getByLabel('事件', { exact: true }).click();
  await option(page, /^报警$/).click();
  await dialog.getByLabel('仅此报警').click();
  await option(page, /^碰撞$/).click();
  await dialog.getByLabel('自动清除（分钟）').fill('60');
  expect(await axeViolations(page, '.ant-modal')).toEqual([]);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  const eventRow = page.getByRole('row').filter({ hasText: collision });
  await expect(eventRow).toContainText('事件：报警 (碰撞)');
  await expect(eventRow).toContainText('60 分钟后自动清除');
});
