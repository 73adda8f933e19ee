import { expect, test } from '@playwright/test';
import { login } from './support';
import { adminDevice } from './adminSetup';

/**
 * Issue 33, part 2: the command palette. Ctrl+K from any page; a device found by part of its serial number
 * opens its list filtered to it; a page by its title; the last opened comes first next time; all by keyboard.
 */
test('Ctrl+K finds a device by serial number and a page by title, and opens them from the keyboard', async ({
  page,
  request,
}) => {
  const { granted } = await adminDevice(request, { type: 'dust', prefix: 'E2EPAL' });

  await login(page);
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: '搜索页面和记录' });
  await expect(box).toBeFocused();
  await box.fill(granted.sn.slice(-8));
  const option = page.getByRole('option').filter({ hasText: granted.sn });
  await expect(option).toBeVisible();
  await expect(option).toContainText('设备');
  // Down until the device is the chosen line, then Enter.
  for (let i = 0; i < 20 && (await option.getAttribute('aria-selected')) !== 'true'; i++) {
    await box.press('ArrowDown');
  }
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/device/device-list\\?sn=${granted.sn}`));
  await expect(page.getByRole('row').filter({ hasText: granted.sn })).toBeVisible();

  await page.keyboard.press('Control+k');
  await box.fill('告警规则');
  await expect(page.getByRole('option').first()).toContainText('告警规则');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/alarm\/alarm-rules$/);

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

  await login(page);
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: 'Search pages and records' });
  await expect(box).toBeFocused();
  await box.fill(granted.sn.slice(-8));
  const option = page.getByRole('option').filter({ hasText: granted.sn });
  await expect(option).toContainText('Device');
  await box.fill('Alarm Rules');
  await expect(page.getByRole('option').first()).toContainText('Alarm Rules');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/alarm\/alarm-rules$/);
});
