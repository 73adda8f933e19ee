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

test('exception and result pages show the spec texts', async ({ page }) => {
  // Five full page loads: on a busy machine each takes seconds.
  test.slow();
  await login(page);
  await page.goto('/exception/403');
  await expect(page.getByText('对不起，您没有访问该资源的权限')).toBeVisible();
  await expect(illustration(page)).toHaveText('无权访问');
  await expect(page.getByRole('button', { name: /^返\s*回$/ })).toBeVisible();
  await page.goto('/exception/404');
  await expect(page.getByText('抱歉，页面不见了～')).toBeVisible();
  await expect(page.getByRole('button', { name: /^重\s*试$/ })).toBeVisible();
  await page.goto('/exception/500');
  await expect(page.getByText('抱歉，服务器出了点问题～')).toBeVisible();
  await expect(illustration(page)).toHaveText('服务器出错');
  await expect(page.getByRole('button', { name: /^重\s*试$/ })).toBeHidden();
  await page.goto('/result/error');
  await expect(page.getByText('提交失败')).toBeVisible();
  await expect(page.getByRole('button', { name: '返回修改' })).toBeVisible();
});
