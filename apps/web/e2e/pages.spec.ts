import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  adminPageGroups,
  apiLogin,
  builtPages,
  client,
  fillLogin,
  ADMIN,
  consoleReady,
  type Envelope,
  isPlanned,
  settle,
  showRoute,
  sideMenu,
  uniqueName,
} from './support';
import { seriousAxeViolations } from './uiSteps';
import { storedCjkStrings, untranslated, visibleTexts } from './untranslated';
import { agentApi } from '@siteops/contracts/agent/api';
import { projectApi } from '@siteops/contracts/project/api';

/**
 * Every page of the admin's menu, walked once per language, a few pages per test (support's
 * adminPageGroups): accessibility (axe-core, both languages, and both themes: Chinese in the light theme,
 * English in the dark one, so colour contrast is checked in each without a third walk) at a
 * desktop size; and in the Chinese walk, each page once more on a phone-sized screen (390×844) with no
 * sideways scrolling of the page itself — tables scroll inside their card, query forms stack, the menu
 * is a drawer. The phone check resizes the page it is on rather than walking the menu a third time: the
 * layout follows the screen live (hooks/useMediaQuery), and a third walk cost a third of this file's time.
 * The English walk also checks that each page shows no Chinese apart from stored data (untranslated.ts),
 * which had a walk of its own before.
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
    const englishToo = locale === 'en-US';
    test(`no serious or critical accessibility violation in ${group.label} (${locale}, ${THEME[locale]})${phoneToo ? ', and each page fits 390×844' : ''}${englishToo ? ', and no Chinese apart from stored data' : ''}`, async ({
      page,
      request,
    }) => {
      const english = englishToo
        ? await englishCheck(
            request,
            group.pages.some((p) => p.name === 'agent'),
          )
        : undefined;
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
        if (english) await english.check(page, route.name, route.path);
        checked.push(route.name);
      }
      // Every built page was looked at (none skipped as planned by mistake).
      expect(checked).toEqual(builtPages(group.pages));
    });
  }
}

/**
 * The English walk's check that a page shows no Chinese apart from stored data. With the agent page in the
 * walk, an agent and a project named in Chinese are stored first: the agent page must show its name as typed,
 * and nothing around it may be Chinese.
 */
async function englishCheck(request: APIRequestContext, withChineseData: boolean) {
  const token = await apiLogin(request, ADMIN);
  const agentName = uniqueName('语言测试代理商');
  if (withChineseData) {
    const agent = await client(request)(
      agentApi.add,
      {
        name: agentName,
        linkName: '王联系',
        linkPhone: '13900139000',
        expDate: '2020-01-01',
        address: '北京市朝阳区',
        user: { userName: uniqueName('lang_agent'), realName: '语言测试管理员', remark: '简介文字' },
      },
      token,
    );
    expect((agent.body as Envelope<unknown>).code).toBe(200);
    const project = await client(request)(
      projectApi.add,
      { name: '语言测试项目', code: uniqueName('LANG'), remark: '备注文字' },
      token,
    );
    expect((project.body as Envelope<unknown>).code).toBe(200);
  }
  let data = await storedCjkStrings(request, token);
  return {
    async check(page: Page, name: string, path: string) {
      const texts = await visibleTexts(page);
      // The scan sees what is on screen: the side menu always, and the agent stored above on its page.
      expect(texts).toContain('Workplace');
      if (withChineseData && name === 'agent') expect(texts.some((t) => t.includes(agentName))).toBe(true);
      let left = untranslated(texts, data);
      // Something another test stored meanwhile is data too: look again before calling it untranslated.
      if (left.length) left = untranslated(left, (data = await storedCjkStrings(request, token)));
      expect.soft(left, `${path} still shows Chinese`).toEqual([]);
    },
  };
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
