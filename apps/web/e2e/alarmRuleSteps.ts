import type { Locator, Page } from '@playwright/test';
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
