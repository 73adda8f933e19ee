import { expect, test, type Locator, type Page } from '@playwright/test';
import { login } from './support';
import { adminDevice } from './adminSetup';

/**
 * Issue 33, part 2: the command palette. Ctrl+K from any page; a device found by part of its serial number
 * opens its list filtered to it; a page by its title; the last opened comes first next time; all by keyboard.
 */

/**
 * Logs in, opens the palette with Ctrl+K and types the end of the device's serial number: the device's
 * option is there, named as a device in the page's language (`words`).
 */
async function findDevice(page: Page, sn: string, words: { box: string; device: string }) {
  await login(page);
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: words.box });
  await expect(box).toBeFocused();
  await box.fill(sn.slice(-8));
  const option = page.getByRole('option').filter({ hasText: sn });
  await expect(option).toBeVisible();
  await expect(option).toContainText(words.device);
  return { box, option };
}

/** Types the alarm rules page's title in the open palette and opens it with Enter. */
async function openAlarmRules(page: Page, box: Locator, title: string) {
  await box.fill(title);
  await expect(page.getByRole('option').first()).toContainText(title);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/alarm\/alarm-rules$/);
}
test('Ctrl+K finds a device by serial number and a page by title, and opens them from the keyboard', async ({
  page,
  request,
}) => {
  const { granted } = await adminDevice(request, { type: 'dust', prefix: 'E2EPAL' });

  const { box, option } = await findDevice(page, granted.sn, { box: '搜索页面和记录', device: '设备' });
  // Down until the device is the chosen line, then Enter.
  for (let i = 0; i < 20 && (await option.getAttribute('aria-selected')) !== 'true'; i++) {
    await box.press('ArrowDown');
  }
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/device/device-list\\?sn=${granted.sn}`));
  await expect(page.getByRole('row').filter({ hasText: granted.sn })).toBeVisible();

  await page.keyboard.press('Control+k');
  await openAlarmRules(page, box, '告警规则');

  // The device opened last comes first when the palette opens again with nothing typed.
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('option').first()).toContainText('告警规则');
  await expect(page.getByRole('option').nth(1)).toContainText(granted.sn);
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
});

test('in English the palette finds a device and a page by their English words', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en-US'));
  const { granted } = await adminDevice(request, { type: 'dust', prefix: 'E2EPALEN' });

  const { box } = await findDevice(page, granted.sn, { box: 'Search pages and records', device: 'Device' });
  await openAlarmRules(page, box, 'Alarm Rules');
});
