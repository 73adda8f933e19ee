import { expect, test } from '@playwright/test';
import { loginTo } from './support';

/**
 * Issue 33 item 7, the list kit on a phone (390×844): the search form folds behind "Filters", the
 * toolbar's secondary actions behind "More actions" (the create button stays in sight), and the rows read
 * as cards with their name, status and actions. Both languages say it. One page of each kind is enough:
 * every list page draws these through the same QueryForm and DataTable (pages.spec walks them all for
 * overflow at this size).
 */
test.use({ reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });

test('on a phone a list folds its filters and secondary actions, and its rows read as cards', async ({ page }) => {
  await loginTo(page, '/user/info');

  // The search form is folded: the list is on the first screen.
  const toggle = page.getByTestId('query-form-toggle');
  await expect(toggle).toHaveText('筛选');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('query-form')).toBeHidden();

  // Each row as a card: its name, its status and its actions; no table. (The newest users come first, and
  // the other specs may have added a page of them by now, so the first card is looked at, not admin's.)
  const cards = page.getByTestId('card-list');
  const first = cards.locator('li').first();
  await expect(first.locator('strong')).not.toBeEmpty();
  await expect(first.locator('dt')).toContainText(['启用状态']);
  await expect(first.getByRole('button', { name: '编辑' })).toBeVisible();
  await expect(page.locator('.ant-table')).toHaveCount(0);

  // The create button is in sight.
  await expect(page.getByRole('button', { name: /新\s*建/ })).toBeVisible();

  // Filters: unfolded, searched, folded again with the count of filters in use.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.locator('#query_userName').fill('admin');
  await page.getByTestId('query-form').getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/userName=admin/);
  await expect(page.getByTestId('query-form')).toBeHidden();
  await expect(toggle).toHaveText('筛选 (1)');
  // The cards are now only the users whose name contains "admin".
  const names = cards.locator('li strong');
  await expect
    .poll(async () => {
      const shown = await names.allTextContents();
      return shown.length > 0 && shown.every((name) => name.includes('admin'));
    })
    .toBe(true);

  // Nothing runs off the side.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('on a phone the device list keeps its six batch and file actions behind "More actions" (English too)', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en-US'));
  await loginTo(page, '/device/device-list');

  const more = page.getByTestId('table-actions-toggle');
  await expect(more).toHaveText('More actions');
  await expect(page.getByRole('button', { name: 'Download' })).toHaveCount(0);
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(more).toHaveText('Hide actions');
  const actions = page.getByTestId('table-actions');
  await expect(actions.getByRole('button')).toHaveCount(6);
  await expect(page.getByTestId('query-form-toggle')).toHaveText('Filters');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
