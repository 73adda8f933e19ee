import { expect, test, type Page } from '@playwright/test';
import { ADMIN, consoleReady, openConsole } from './support';

/**
 * Issue 15: every form usable by keyboard alone — tab order, Enter submits query forms, Esc closes
 * dialogs — with a visible focus. No mouse in this file: only Tab, typing, Enter and Escape.
 */
test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 180_000 });

/** Presses Tab until the focused element matches, as a keyboard user would (at most `max` presses). */
async function tabTo(page: Page, matches: (el: { tag: string; label: string; text: string }) => boolean, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      const labelled = a?.id ? document.querySelector(`label[for="${CSS.escape(a.id)}"]`)?.textContent : null;
      return {
        tag: a?.tagName.toLowerCase() ?? '',
        label: (a?.getAttribute('aria-label') ?? labelled ?? '').trim(),
        text: (a?.textContent ?? '').replace(/\s+/g, ''),
      };
    });
    if (matches(el)) return;
  }
  throw new Error(`no focusable element matched after ${max} Tab presses`);
}

/**
 * Something a sighted keyboard user can see on the focused control: an outline, a focus ring (box-shadow)
 * or the primary colour on its border. antd draws an input's focus on its wrapper (prefix, suffix,
 * select), so the wrapper is the control.
 */
const focusIsVisible = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const control =
      focused.closest<HTMLElement>('.ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-input-number') ?? focused;
    const s = getComputedStyle(control);
    const primary = getComputedStyle(document.documentElement).getPropertyValue('--ant-color-primary').trim();
    const probe = document.createElement('span');
    probe.style.color = primary || 'rgb(22, 119, 255)';
    document.body.append(probe);
    const primaryRgb = getComputedStyle(probe).color;
    probe.remove();
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    const ring = s.boxShadow !== 'none' && s.boxShadow !== '';
    const border = s.borderTopColor === primaryRgb;
    return {
      visible: outline || ring || border,
      outline: `${s.outlineStyle} ${s.outlineWidth}`,
      ring: s.boxShadow,
      border: s.borderTopColor,
      primaryRgb,
    };
  });

test('the login form, a list search and a dialog work by keyboard alone, with a visible focus', async ({ page }) => {
  await page.goto('/login');
  // Tab order: user name, then password, then Enter logs in.
  await tabTo(page, (el) => el.tag === 'input' && el.label === '用户名');
  const before = await focusIsVisible(page);
  expect(before.visible, JSON.stringify(before)).toBe(true);
  await page.keyboard.type(ADMIN.username);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('password');
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  await consoleReady(page);

  // A list's query form: Enter in a field searches (the filter goes to the URL and the table follows).
  await openConsole(page, '/isystem/isystem-constants');
  await expect(page.locator('.ant-table-thead')).toContainText('键');
  await tabTo(page, (el) => el.tag === 'input' && el.label === '键');
  expect((await focusIsVisible(page)).visible).toBe(true);
  await page.keyboard.type('no.such.constant');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]key=no\.such\.constant(&|$)/);
  await expect(page.locator('.ant-table-tbody .ant-empty')).toBeVisible();

  // A button opens its dialog with Enter; the dialog takes the focus; Esc closes it and gives it back.
  await tabTo(page, (el) => el.tag === 'button' && /^新建$/.test(el.text));
  const button = await focusIsVisible(page);
  expect(button.visible, JSON.stringify(button)).toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog').filter({ hasText: '新建常量' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  // Tab stays in the dialog (focus is trapped while it is open).
  for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => page.evaluate(() => (document.activeElement?.textContent ?? '').replace(/\s+/g, '')))
    .toBe('新建');
});
