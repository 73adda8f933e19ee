import { expect, test, type Page } from '@playwright/test';
import {
  adminPageGroups,
  builtPages,
  fillLogin,
  ADMIN,
  consoleReady,
  isPlanned,
  settle,
  showRoute,
  sideMenu,
} from './support';
import { seriousAxeViolations } from './uiSteps';

/**
 * Every page of the admin's menu, walked once per language, a few pages per test (support's
 * adminPageGroups): accessibility (axe-core, both languages, and both themes: Chinese in the light theme,
 * English in the dark one, so colour contrast is checked in each without a third walk) at a
 * desktop size; and in the Chinese walk, each page once more on a phone-sized screen (390×844) with no
 * sideways scrolling of the page itself — tables scroll inside their card, query forms stack, the menu
 * is a drawer. The phone check resizes the page it is on rather than walking the menu a third time: the
 * layout follows the screen live (hooks/useMediaQuery), and a third walk cost a third of this file's time.
 */
test.use({ reducedMotion: 'reduce' });
// Its tests are independent walks: parallel lets both workers share this file, the longest of the run,
// instead of one worker walking it alone at the end.
test.describe.configure({ mode: 'parallel', timeout: 240_000 });

type Locale = 'zh-CN' | 'en-US';

/** The theme each language's walk uses (see the file's comment). */
const THEME: Record<Locale, 'light' | 'dark'> = { 'zh-CN': 'light', 'en-US': 'dark' };
const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };

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
    expect(await seriousAxeViolations(page), '/login').toEqual([]);
  });

  for (const group of adminPageGroups()) {
    const phoneToo = locale === 'zh-CN';
    test(`no serious or critical accessibility violation in ${group.label} (${locale}, ${THEME[locale]})${phoneToo ? ', and each page fits 390×844' : ''}`, async ({
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
        expect.soft(await seriousAxeViolations(page), route.path).toEqual([]);
        if (phoneToo) expect.soft(await phoneWidthOf(page), `${route.path} at 390×844`).toBeLessThanOrEqual(390);
        checked.push(route.name);
      }
      // Every built page was looked at (none skipped as planned by mistake).
      expect(checked).toEqual(builtPages(group.pages));
    });
  }
}

test('at 390×844 the login page fits and the menu opens as a drawer', async ({ page }) => {
  await page.setViewportSize(PHONE);
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

/** How wide the page itself is (more than the screen means the page scrolls sideways). */
const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * The page on a phone-sized screen: resized in place, measured once the phone layout (no side menu) has
 * drawn and settled, then back to the desktop size the walk goes on at.
 */
async function phoneWidthOf(page: Page): Promise<number> {
  await page.setViewportSize(PHONE);
  await expect(sideMenu(page)).toHaveCount(0);
  await settle(page);
  const width = await overflowOf(page);
  await page.setViewportSize(DESKTOP);
  await expect(sideMenu(page)).toBeVisible();
  return width;
}
