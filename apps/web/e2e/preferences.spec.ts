import { expect, test } from '@playwright/test';
import { login, openConsole, reloadConsole, sideMenu } from './support';

test.use({ reducedMotion: 'reduce' });
// Each test reloads the console; a boot can take long on a busy machine (see reloadConsole).
test.describe.configure({ timeout: 180_000 });

test('switching to English and back changes the texts and survives a reload', async ({ page }) => {
  await login(page);
  await expect(page.getByRole('heading', { name: '欢迎回来，Administrator' })).toBeVisible();

  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Administrator' })).toBeVisible();
  await expect(sideMenu(page).getByText('Workplace')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en-US');

  await reloadConsole(page);
  await expect(page.getByRole('heading', { name: 'Welcome back, Administrator' })).toBeVisible();
  await expect(sideMenu(page).getByText('Workplace')).toBeVisible();

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.getByRole('heading', { name: '欢迎回来，Administrator' })).toBeVisible();
  await expect(sideMenu(page).getByText('工作台')).toBeVisible();
  await reloadConsole(page);
  await expect(page.getByRole('heading', { name: '欢迎回来，Administrator' })).toBeVisible();
});

test('the login page switches language too', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Log in to SiteOps' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

/** Relative luminance-ish brightness of a CSS rgb() colour, 0..255. */
function brightness(rgb: string) {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

test('dark theme applies at once and survives a reload', async ({ page }) => {
  await login(page);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(brightness(await background())).toBeGreaterThan(200);

  await page.getByRole('button', { name: '切换为暗黑主题' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(async () => brightness(await background())).toBeLessThan(50);
  // Components follow too, not only the page background.
  const menuBg = () => sideMenu(page).evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect.poll(async () => brightness(await menuBg())).toBeLessThan(60);

  await reloadConsole(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(async () => brightness(await background())).toBeLessThan(50);

  await page.getByRole('button', { name: '切换为亮色主题' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the settings drawer changes the menu width, and it survives a reload', async ({ page }) => {
  await login(page);
  // A web-first assertion, not a poll over boundingBox(): that call blocks until the menu exists, so while
  // the console boots after the reload one pending call outlived the poll's whole timeout.
  const width = (px: number) => expect(sideMenu(page)).toHaveCSS('width', `${px}px`);
  await width(260);

  await page.getByRole('button', { name: '页面配置' }).click();
  const drawer = page.getByRole('dialog', { name: '页面配置' });
  await expect(drawer).toBeVisible();
  const input = drawer.getByRole('spinbutton', { name: '菜单宽度 (px)' });
  await expect(input).toHaveValue('260');
  await input.fill('320');
  await input.press('Enter');
  await width(320);

  // Another setting applies live as well: hide the footer.
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await drawer.getByRole('switch', { name: '底部' }).click();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);

  await reloadConsole(page);
  await width(320);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('settings') ?? '{}'));
  expect(stored.state).toMatchObject({ menuWidth: 320, footer: false });
});

test('the theme colour is chosen from named swatches by keyboard, applies at once and survives a reload', async ({
  page,
}) => {
  await login(page);
  const primary = () => page.evaluate(() => document.documentElement.style.getPropertyValue('--siteops-primary'));
  await expect.poll(primary).toBe('#165dff');

  await page.getByRole('button', { name: '页面配置' }).click();
  const drawer = page.getByRole('dialog', { name: '页面配置' });
  const swatches = drawer.getByRole('radiogroup', { name: '主题色' });
  await expect(swatches.getByRole('radio', { name: '默认蓝' })).toBeChecked();
  // Radio buttons: the arrow keys move the choice, as in any other radio group.
  await swatches.getByRole('radio', { name: '默认蓝' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(swatches.getByRole('radio', { name: '酱紫' })).toBeChecked();
  await expect(swatches.getByText('#722ED1')).toBeVisible();
  // The console re-themes at once: the drawer's primary button takes the colour.
  await expect.poll(primary).toBe('#722ed1');
  await expect(drawer.getByRole('button', { name: '复制配置' })).toHaveCSS('background-color', 'rgb(114, 46, 209)');

  await reloadConsole(page);
  await expect.poll(primary).toBe('#722ed1');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('settings') ?? '{}'));
  expect(stored.state).toMatchObject({ themeColor: '#722ED1' });
});

test('the primary button stays readable at rest and hovered, whatever the theme colour', async ({ page }) => {
  await login(page);
  await page.getByRole('button', { name: '页面配置' }).click();
  const drawer = page.getByRole('dialog', { name: '页面配置' });
  const button = drawer.getByRole('button', { name: '复制配置' });
  /** WCAG contrast of the button's text on its fill, as the browser paints them now. */
  const textContrast = () =>
    button.evaluate((el) => {
      const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (css: string) => {
        const [r, g, b] = channels(css).map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const style = getComputedStyle(el);
      // Text in rgba() over the fill: blend it first.
      const [tr, tg, tb, ta = 1] = (style.color.match(/[\d.]+/g) ?? []).map(Number);
      const [fr, fg, fb] = channels(style.backgroundColor);
      const blended = `rgb(${[tr * ta + fr * (1 - ta), tg * ta + fg * (1 - ta), tb * ta + fb * (1 - ta)].join(',')})`;
      const [hi, lo] = [luminance(blended), luminance(style.backgroundColor)].sort((a, b) => b - a);
      return (hi + 0.05) / (lo + 0.05);
    });
  // The default blue (antd's hover was 3.6:1), antd's own blue (a mid-tone), cyan (white was 2.2:1).
  for (const colour of ['默认蓝', '拂晓蓝', '明青']) {
    await drawer.getByRole('radio', { name: colour }).check();
    await page.mouse.move(0, 0); // not hovering the button
    expect(await textContrast(), `${colour} at rest`).toBeGreaterThanOrEqual(4.5);
    await button.hover();
    await expect.poll(textContrast, { message: `${colour} hovered` }).toBeGreaterThanOrEqual(4.5);
  }
});

test('pages with personal data carry a watermark of the viewer and the time, which the settings drawer can turn off', async ({
  page,
}) => {
  await login(page);
  const mark = page.getByTestId('page-watermark');
  // The Workplace shows no one's personal data: no mark.
  await expect(mark).toHaveCount(0);

  await openConsole(page, '/visitor/visitor-List');
  await expect(mark).toHaveAttribute('data-content', /^admin \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  // The mark is drawn (a tiled image over the page) and takes no clicks from it.
  const layer = page.locator('.page-watermark > div').last();
  await expect(layer).toHaveCSS('background-image', /^url\("data:image\/png/);
  await expect(layer).toHaveCSS('pointer-events', 'none');

  await page.getByRole('button', { name: '页面配置' }).click();
  const drawer = page.getByRole('dialog', { name: '页面配置' });
  await drawer.getByRole('switch', { name: '含个人信息的页面加水印' }).click();
  await expect(mark).toHaveCount(0);
  await reloadConsole(page);
  await expect(mark).toHaveCount(0);
});

test('in English the watermark is the same mark and its setting reads in English', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en-US'));
  await login(page);
  const mark = page.getByTestId('page-watermark');
  await openConsole(page, '/visitor/visitor-List');
  await expect(mark).toHaveAttribute('data-content', /^admin \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await page.getByRole('button', { name: 'Page settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Page settings' });
  await drawer.getByRole('switch', { name: 'Watermark pages with personal data' }).click();
  await expect(mark).toHaveCount(0);
});
