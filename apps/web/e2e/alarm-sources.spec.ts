import { expect } from '@playwright/test';
import { ADMIN, addProject, apiLogin, login, uniqueName } from './support';
import { test } from './simDevice';
import { openSelectOption, seriousAxeViolations } from './uiSteps';
import { newRuleFromTemplate, scopeRuleToProject } from './alarmRuleSteps';

/**
 * The rule form's sources (issue 32): an admin fills "no data for 30 minutes" from the template for a
 * project, previews it (the last 7 days, before saving), saves it and reads it in the list; then a
 * crane collision event rule: the event left out is refused beside its field, then chosen with its code
 * and an auto-clear time. Both dialogs pass axe.
 */

test('rules on no data and on a device event, with a preview before saving', async ({ page, request }) => {
  test.setTimeout(240_000);
  const token = await apiLogin(request, ADMIN);
  const site = await addProject(request, token, { label: 'E2E 无数据工地', codePrefix: 'NOD' });
  const silent = uniqueName('无数据');

  await login(page);
  const dialog = await newRuleFromTemplate(page, '30 分钟无数据');
  await expect(dialog.getByRole('radio', { name: '无数据' })).toBeChecked();
  await expect(dialog.getByLabel('无数据时长（分钟）')).toHaveValue('30');
  // No reading terms for this source.
  await expect(dialog.getByLabel('第 1 项的阈值')).toHaveCount(0);
  await scopeRuleToProject(page, dialog, site.name);

  // The preview before a name is given: a new project has no devices, so nothing would have fired.
  await dialog.getByRole('button', { name: '预览：最近 7 天' }).click();
  await expect(dialog.getByRole('status')).toContainText('最近 7 天内此规则会触发 0 次');
  expect(await seriousAxeViolations(page, '.ant-modal')).toEqual([]);
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
  await openSelectOption(page, /^塔吊$/).click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请选择事件')).toBeVisible();
  await dialog.getByLabel('事件', { exact: true }).click();
  await openSelectOption(page, /^报警$/).click();
  await dialog.getByLabel('仅此报警').click();
  await openSelectOption(page, /^碰撞$/).click();
  await dialog.getByLabel('自动清除（分钟）').fill('60');
  expect(await seriousAxeViolations(page, '.ant-modal')).toEqual([]);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  const eventRow = page.getByRole('row').filter({ hasText: collision });
  await expect(eventRow).toContainText('事件：报警 (碰撞)');
  await expect(eventRow).toContainText('60 分钟后自动清除');
});
