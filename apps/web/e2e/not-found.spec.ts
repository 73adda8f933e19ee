import { expect, test, type Page } from '@playwright/test';
import { login } from './support';

test.use({ reducedMotion: 'reduce' });

/** The status illustration's title, what a screen reader reads for it. */
const illustration = (page: Page) => page.locator('.ant-result-image svg > title');

test('an unknown path shows the not-found page, logged out or in', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('页面走丢了，返回首页看看吧')).toBeVisible();
  // The illustration is named in the page's language, not antd's "No Found" (issue 33).
  await expect(illustration(page)).toHaveText('页面不存在');
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await login(page);
  await page.goto('/device/no-such-device-page');
  await expect(page.getByText('页面走丢了，返回首页看看吧')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
});

/** Each exception or result page: its text, its illustration's title where checked, its button and whether it shows. */
const EXCEPTION_PAGES: {
  path: string;
  text: string;
  illustration?: string;
  button: string | RegExp;
  buttonShown: boolean;
}[] = [
  {
    path: '/exception/403',
    text: '对不起，您没有访问该资源的权限',
    illustration: '无权访问',
    button: /^返\s*回$/,
    buttonShown: true,
  },
  { path: '/exception/404', text: '抱歉，页面不见了～', button: /^重\s*试$/, buttonShown: true },
  {
    path: '/exception/500',
    text: '抱歉，服务器出了点问题～',
    illustration: '服务器出错',
    button: /^重\s*试$/,
    buttonShown: false,
  },
  { path: '/result/error', text: '提交失败', button: '返回修改', buttonShown: true },
];

test('exception and result pages show the spec texts', async ({ page }) => {
  // Five full page loads: on a busy machine each takes seconds.
  test.slow();
  await login(page);
  for (const spec of EXCEPTION_PAGES) {
    await page.goto(spec.path);
    await expect(page.getByText(spec.text)).toBeVisible();
    if (spec.illustration) await expect(illustration(page)).toHaveText(spec.illustration);
    const button = page.getByRole('button', { name: spec.button });
    await (spec.buttonShown ? expect(button).toBeVisible() : expect(button).toBeHidden());
  }
});
