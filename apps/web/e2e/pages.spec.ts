import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminPages, fillLogin, ADMIN, consoleReady, isPlanned, showRoute, sideMenu } from './support';

/**
 * Every page of the admin's menu, walked once per check: accessibility (axe-core, both languages) at a
 * desktop size, and a phone-sized screen (390×844) with no sideways scrolling of the page itself —
 * tables scroll inside their card, query forms stack, the menu is a drawer.
 */
test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 300_000 });

type Locale = 'zh-CN' | 'en-US';

/** Serious and critical violations, one line each, so a failure names the rule and where. */
async function axeViolations(page: Page): Promise<string[]> {
  // Two rules fail inside antd's Table and are left for now (issue 15 note): its hidden measure row holds
  // focusable header controls (aria-hidden-focus), and a scrolling table body takes no keyboard focus
  // (scrollable-region-focusable).
  const { violations } = await new AxeBuilder({ page })
    .disableRules(['aria-hidden-focus', 'scrollable-region-focusable'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ') + (process.env.AXE_DEBUG ? ` ${n.html.slice(0, 300)} ${n.failureSummary}` : '')).join(', ')}`,
    );
}

async function loginIn(page: Page, locale: Locale) {
  await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
  await page.goto('/login');
  return async () => {
    await fillLogin(page, ADMIN);
    await expect(page).not.toHaveURL(/\/login/);
    await consoleReady(page);
  };
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`no serious or critical accessibility violation on any page (${locale})`, async ({ page }) => {
    const submit = await loginIn(page, locale);
    await expect(page.getByRole('button', { name: /^(登\s*录|Log in)$/ })).toBeVisible();
    expect.soft(await axeViolations(page), '/login').toEqual([]);
    await submit();

    const checked: string[] = [];
    for (const route of adminPages()) {
      await showRoute(page, route, locale);
      if (await isPlanned(page)) continue;
      expect.soft(await axeViolations(page), route.path).toEqual([]);
      checked.push(route.name);
    }
    expect(checked).toEqual(expect.arrayContaining(['workplace', 'device-list', 'info', 'isystem-constants']));
  });
}

test('at 390×844 every page fits the screen and the menu opens as a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const submit = await loginIn(page, 'zh-CN');
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(await overflow(), '/login').toBeLessThanOrEqual(390);
  await submit();

  // No side menu on a phone: the navbar's button opens it in a drawer, and choosing a page closes it.
  await expect(sideMenu(page)).toHaveCount(0);
  await page.getByRole('button', { name: /^(打开菜单|Open menu)$/ }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '设备管理' });
  await expect(drawer).toBeVisible();
  await drawer.getByText('设备管理').click();
  await drawer.getByText('设备列表').click();
  await expect(page).toHaveURL(/\/device\/device-list$/);
  await expect(drawer).toBeHidden();

  const checked: string[] = [];
  for (const route of adminPages()) {
    await showRoute(page, route);
    if (await isPlanned(page)) continue;
    expect.soft(await overflow(), route.path).toBeLessThanOrEqual(390);
    checked.push(route.name);
  }
  expect(checked).toEqual(expect.arrayContaining(['workplace', 'device-list', 'info', 'isystem-constants']));
});
