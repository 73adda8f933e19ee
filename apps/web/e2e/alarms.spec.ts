import { expect } from '@playwright/test';
import { deviceApi } from '@siteops/contracts/device/api';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { ADMIN, addProject, agentSiteFor, api, apiLogin, grantDevice, login, openConsole, uniqueName } from './support';
import { adminDevice } from './adminSetup';
import { test } from './simDevice';
import { seriousAxeViolations } from './uiSteps';
import { acknowledgeThenClear, expectRaised, newRuleFromTemplate, scopeRuleToProject } from './alarmRuleSteps';

/**
 * The alarm centre end to end: an admin adds a PM10 rule for one project from the template (held 0 s, so
 * the first reading over the limit raises it), the project's simulated dust monitor reports PM10 over
 * the limit, the alarm shows on the open Alarms page without a reload (live topic `alarms`), with the
 * reading against the limit and its timeline in its detail; the admin acknowledges it, and the reading
 * falls back under the limit and the alarm clears.
 */

test('a PM10 rule for a project raises an alarm from a dust monitor; it is acknowledged and clears', async ({
  page,
  request,
  dialSim,
}) => {
  test.setTimeout(180_000);
  const token = await apiLogin(request, ADMIN);
  const site = await addProject(request, token, { label: 'E2E 告警工地', codePrefix: 'ALM' });
  const devName = uniqueName('e2e 扬尘');
  const granted = await grantDevice(request, token, { type: 'dust', prefix: 'E2EALM', devName });
  await api(request, deviceApi.divideProject, { ids: [granted.id], projectId: site.id }, token);
  const ruleName = uniqueName('PM10 超标');

  // The rule, from the template, for the project.
  await login(page);
  const dialog = await newRuleFromTemplate(page, 'PM10 超过 150 µg/m³');
  await expect(dialog.getByLabel('第 1 项的阈值')).toHaveValue('150');
  await dialog.getByLabel('规则名称').fill(ruleName);
  await dialog.getByLabel('持续时间（秒）').fill('0');
  await scopeRuleToProject(page, dialog, site.name);
  expect(await seriousAxeViolations(page, '.ant-modal')).toEqual([]);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  const ruleRow = page.getByRole('row').filter({ hasText: ruleName });
  await expect(ruleRow).toContainText('PM10 > 150 μg/m³');
  await expect(ruleRow).toContainText(`项目: ${site.name}`);

  // The monitor goes over the limit: the alarm shows on the Alarms page, active first.
  await openConsole(page, '/alarm/alarm-list');
  const device = dialSim(granted, 'dust');
  await device.waitFor('up', 30_000);
  device.sendTelemetry({ a34002: 200 });
  const row = page.getByRole('row').filter({ hasText: ruleName });
  await expectRaised(row, devName);

  // Its detail: the reading against the limit, and the timeline.
  await row.getByRole('button', { name: ruleName }).click();
  const detail = page.getByTestId('alarm-detail');
  await expect(detail).toContainText('> 150 μg/m³');
  await expect(detail).toContainText('200');
  await expect(detail).toContainText('产生告警');
  expect(await seriousAxeViolations(page, '.ant-drawer')).toEqual([]);
  await page
    .getByRole('button', { name: /Close|关闭/ })
    .first()
    .click();
  await expect(detail).toBeHidden();

  // Acknowledged; the reading falls back under the limit: the alarm clears by its condition.
  await acknowledgeThenClear(page, row, device, { a34002: 90 });
  await row.getByRole('button', { name: ruleName }).click();
  await expect(detail).toContainText('满足清除条件，自动清除');
  await expect(detail).toContainText('admin 已确认');
});

test('the Workplace counts the active alarms of an agent’s scope by severity, live, and opens them', async ({
  page,
  request,
  dialSim,
}) => {
  test.setTimeout(180_000);
  const { admin: token, granted } = await adminDevice(request, {
    type: 'dust',
    prefix: 'E2EAFG',
    devName: uniqueName('e2e 扬尘'),
  });
  // A tenant of its own, so no other spec's alarms are counted.
  const { agentUser, siteId } = await agentSiteFor(request, token, granted.id, 'alarmfig');
  const agentToken = await apiLogin(request, agentUser);
  await api(
    request,
    alarmApi.ruleAdd,
    {
      name: uniqueName('PM10 统计'),
      deviceType: 'dust',
      scope: 'project',
      projectId: siteId,
      condition: { logic: 'and', terms: [{ field: 'a34002', operator: 'gt', threshold: 150 }] },
      severity: 'major',
    },
    agentToken,
  );

  await login(page, agentUser);
  const figures = page.getByTestId('alarm-figures');
  const value = (testId: string) => figures.getByTestId(testId).locator('.ant-statistic-content-value');
  await expect(value('alarms-major')).toHaveText('0');
  await expect(value('alarms-unacknowledged')).toHaveText('0');

  // The monitor goes over the limit: the figures move without a reload.
  const device = dialSim(granted, 'dust');
  await device.waitFor('up', 30_000);
  device.sendTelemetry({ a34002: 210 });
  await expect(value('alarms-major')).toHaveText('1', { timeout: 30_000 });
  await expect(value('alarms-unacknowledged')).toHaveText('1');
  await expect(value('alarms-critical')).toHaveText('0');

  // The figure opens the alarms page filtered to it.
  await figures.getByTestId('alarms-major').getByRole('link').click();
  await expect(page).toHaveURL(/\/alarm\/alarm-list\?status=active&severity=major$/);
  await expect(page.getByRole('row').filter({ hasText: 'PM10 统计' })).toHaveCount(1);
});
