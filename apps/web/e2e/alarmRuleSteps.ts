import { expect, type Locator, type Page } from '@playwright/test';
import type { SimDevice } from '@siteops/device-sim/device';
import { openConsole, pickOption } from './support';
import { openSelectOption } from './uiSteps';

/** Opens the alarm rules page and a new rule's dialog, filled from the template menu's item `template`. */
export async function newRuleFromTemplate(page: Page, template: string): Promise<Locator> {
  await openConsole(page, '/alarm/alarm-rules');
  await page.getByRole('button', { name: '新建' }).click();
  const dialog = page.getByRole('dialog', { name: '新建告警规则' });
  await dialog.getByRole('button', { name: '从模板填写' }).click();
  await page.getByRole('menuitem', { name: template }).click();
  return dialog;
}

/** Scopes the rule in `dialog` to one project, picked by its name. */
export async function scopeRuleToProject(page: Page, dialog: Locator, projectName: string) {
  await dialog.getByLabel('适用范围').click();
  await openSelectOption(page, /^项目$/).click();
  await pickOption(page, dialog.getByLabel('项目', { exact: true }), projectName);
}

/** The alarm list's `row` shows a new alarm of the monitor named `devName`: active and not acknowledged. */
export async function expectRaised(row: Locator, devName: string) {
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('活动');
  await expect(row).toContainText('未确认');
  await expect(row).toContainText(devName);
}

/**
 * Acknowledges the alarm of `row` in the console; then the monitor's `reading` falls back under the clear
 * limit and the alarm clears by its condition.
 */
export async function acknowledgeThenClear(
  page: Page,
  row: Locator,
  monitor: SimDevice,
  reading: Record<string, number>,
) {
  await row.getByRole('button', { name: /^确\s*认$/ }).click();
  await expect(page.getByText('已确认 1 条告警')).toBeVisible();
  await expect(row).toContainText('已确认');
  monitor.sendTelemetry(reading);
  await expect(row).toContainText('已清除', { timeout: 30_000 });
}
