import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminPageGroups, builtPages, fillLogin, ADMIN, consoleReady, isPlanned, showRoute, sideMenu } from './support';

/**
 * Every page of the admin's menu, walked once per check, a few pages per test (support's
 * adminPageGroups): accessibility (axe-core, both languages, and both themes: Chinese in the light theme,
 * English in the dark one, so colour contrast is checked in each without a third walk) at a
 * desktop size, and a phone-sized screen (390×844) with no sideways scrolling of the page itself —
 * tables scroll inside their card, query forms stack, the menu is a drawer.
 */
test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 240_000 });

type Locale = 'zh-CN' | 'en-US';

/** Serious and critical violations, one line each, so a failure names the rule and where. */
async function axeViolations(page: Page): Promise<string[]> {
  // Every rule applies (antd's hidden measure row is made inert by lib/tableAccessibility).
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ') + (process.env.AXE_DEBUG ? ` ${n.html.slice(0, 300)} ${n.failureSummary}` : '')).join(', ')}`,
    );
}

/** The theme each language's walk uses (see the file's comment). */
const THEME: Record<Locale, 'light' | 'dark'> = { 'zh-CN': 'light', 'en-US': 'dark' };

async function loginIn(page: Page, locale: Locale, theme: 'light' | 'dark' = 'light') {
  await page.addInitScript(
    ([value, scheme]) => {
      localStorage.setItem('locale', value);
      // The settings store's persisted shape (zustand persist, version 1).
      localStorage.setItem('settings', JSON.stringify({ state: { theme: scheme }, version: 1 }));
    },
    [locale, theme] as const,
  );
  await page.goto('/login');
  return async () => {
    await fillLogin(page, ADMIN);
    await expect(page).not.toHaveURL(/\/login/);
    await consoleReady(page);
  };
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`no serious or critical accessibility violation on the login page (${locale}, ${THEME[locale]})`, async ({
    page,
  }) => {
    await loginIn(page, locale, THEME[locale]);
    await expect(page.getByRole('button', { name: /^(登\s*录|Log in)$/ })).toBeVisible();
    expect(await axeViolations(page), '/login').toEqual([]);
  });

  for (const group of adminPageGroups()) {
    test(`no serious or critical accessibility violation in ${group.label} (${locale}, ${THEME[locale]})`, async ({
      page,
    }) => {
      await (
        await loginIn(page, locale, THEME[locale])
      )();
      await expect(page.locator('html')).toHaveAttribute('data-theme', THEME[locale]);
      const checked: string[] = [];
      for (const route of group.pages) {
        await showRoute(page, route, locale);
        if (await isPlanned(page)) continue;
        expect.soft(await axeViolations(page), route.path).toEqual([]);
        checked.push(route.name);
      }
      // Every built page was looked at (none skipped as planned by mistake).
      expect(checked).toEqual(builtPages(group.pages));
    });
  }
}

test('at 390×844 the login page fits and the menu opens as a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const submit = await loginIn(page, 'zh-CN');
  expect.soft(await overflowOf(page), '/login').toBeLessThanOrEqual(390);
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
});

for (const group of adminPageGroups()) {
  test(`at 390×844 every page of ${group.label} fits the screen`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await (
      await loginIn(page, 'zh-CN')
    )();
    const checked: string[] = [];
    for (const route of group.pages) {
      await showRoute(page, route);
      if (await isPlanned(page)) continue;
      expect.soft(await overflowOf(page), route.path).toBeLessThanOrEqual(390);
      checked.push(route.name);
    }
    expect(checked).toEqual(builtPages(group.pages));
  });
}

/** How wide the page itself is (more than the screen means the page scrolls sideways). */
const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
