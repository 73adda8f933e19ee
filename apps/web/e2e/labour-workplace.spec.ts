import { labourApi } from '@siteops/contracts/labour/api';
import { api, reloadConsole, slowMachineSpec, uniqueName, loginTo } from './support';
import { adminProject } from './adminSetup';
import { projectGate, test } from './simDevice';
import { mainlandId } from './forms';
import { appointManager } from './people';

/**
 * Issue 35: a project's manager sees on its Workplace the worker a simulated terminal let in (on site now,
 * today's attendance); an admin reveals the worker's full ID and bank card numbers in its detail, where
 * everyone else sees them masked.
 */
const expect = slowMachineSpec(test, 180_000);

test('the Workplace counts the worker a terminal let in; an admin reveals its ID and bank card numbers', async ({
  page,
  request,
  dialSim,
}) => {
  const { admin, projectId, projectName } = await adminProject(request, 'Workplace labour', 'WL');
  const { manager } = await appointManager(request, admin, projectId);
  const { device } = await projectGate(request, admin, dialSim, {
    projectId,
    prefix: 'E2EWPL',
    devName: (sn) => `e2e workplace gate ${sn.slice(-5)}`,
  });
  const name = uniqueName('Wang Wu');
  const idNo = mainlandId('19900909');
  const { id: workerId } = await api(
    request,
    labourApi.add,
    {
      projectId,
      realName: name,
      idType: 'mainland',
      idNo,
      phone: '13800138000',
      trade: 'carpenter',
      entryDate: '2026-01-01',
      bankCardNo: '6222 0212 3456 7890 123',
    },
    admin,
  );
  // The terminal recognises the worker at the gate (registered without a photo here: the pass is sent as is).
  device.sendEvent({
    kind: 'pass',
    level: 'info',
    data: { personId: `W${workerId}`, personName: name, direction: 'in', verifyMode: 'face', similarity: 0.92 },
  });

  // The manager's Workplace: its project, one worker on site, all of one came.
  await loginTo(page, '/dashboard/workplace', manager);
  const card = page.getByTestId('labour-figures');
  await expect(card.getByRole('row').filter({ hasText: projectName })).toContainText('100%', { timeout: 60_000 });
  await expect(card.getByTestId('labour-on-site')).toContainText('1');
  await expect(card.getByTestId('labour-attendance')).toContainText('100%');
  // On a phone, in English's longer headings, the figures fit the screen (the table made it 393 px wide once).
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await page.setViewportSize({ width: 390, height: 844 });
  await reloadConsole(page);
  await expect(card.getByRole('row').filter({ hasText: projectName })).toContainText('100%');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.evaluate(() => localStorage.setItem('locale', 'zh-CN'));
  await page.setViewportSize({ width: 1280, height: 720 });

  // An admin's worker detail: masked until revealed.
  await loginTo(page, `/labour/workers?projectId=${projectId}`);
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: '详情' }).click();
  const detail = page.getByTestId('worker-detail');
  await expect(detail.getByTestId('worker-bank-card')).toHaveText('622************0123');
  await expect(detail.getByTestId('worker-id-no')).not.toHaveText(idNo);
  await detail.getByRole('button', { name: /查看完整/ }).click();
  await expect(detail.getByTestId('worker-id-no')).toHaveText(idNo, { timeout: 30_000 });
  await expect(detail.getByTestId('worker-bank-card')).toHaveText('6222021234567890123');
});
