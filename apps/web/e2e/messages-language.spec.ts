import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEVICE_IMPORT_COLUMNS } from '@siteops/contracts/device/sheet';
import { NOTIFICATION_KINDS } from '@siteops/contracts/notification/schemas';
import { ADMIN, api, apiLogin, consoleReady, createUser, fillLogin } from './support';
import { notificationApi } from '@siteops/contracts/notification/api';
import { constantApi } from '@siteops/contracts/constant/api';

/**
 * Issue 15, "Chinese all the way through": what the console says about an event — toasts, alerts, field
 * errors, import row errors, the HTTP client's own network error — is in the console's language, in
 * both languages. Whatever comes from the server is answered in the caller's language
 * (decision 0011); this scans every such text, so a new server message left in one language fails here.
 */
test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 240_000 });

type Locale = 'zh-CN' | 'en-US';
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;
/** Words that are the same in both languages (product and format names, units). */
const SAME_IN_BOTH = new Set(['SiteOps', 'MAC', 'xlsx', 'Excel']);

/** The texts the console shows about an event: toasts, notifications, alerts, field errors, import results. */
const feedbackTexts = (page: Page) =>
  page
    .locator(
      '.ant-message-notice, .ant-notification-notice, [role="alert"], .ant-form-item-explain-error, [data-testid="import-result"]',
    )
    .filter({ visible: true })
    .allInnerTexts();

/** What is not in `locale` in these texts, once the data the test typed (`data`) is taken out. */
function foreign(texts: string[], locale: Locale, data: string[]): string[] {
  return texts.filter((text) => {
    let rest = text;
    for (const value of data) rest = rest.split(value).join('');
    if (locale === 'en-US') return CJK.test(rest);
    const words = rest.match(/[A-Za-z]{3,}/g) ?? [];
    return words.some((w) => !SAME_IN_BOTH.has(w));
  });
}

async function expectInLanguage(page: Page, locale: Locale, data: string[], what: string) {
  await expect.poll(() => feedbackTexts(page), { message: `${what}: something is said` }).not.toEqual([]);
  const texts = await feedbackTexts(page);
  expect(foreign(texts, locale, data), `${what}: ${JSON.stringify(texts)}`).toEqual([]);
}

/**
 * Hides the toasts shown so far, so the next step reads only its own. Hidden, not removed: React still
 * owns these nodes, and removing them under it crashes the console ("removeChild … not a child") when the
 * toast's own time is up (seen in CI as a blank page).
 */
const closeToasts = (page: Page) =>
  page.evaluate(() =>
    document.querySelectorAll<HTMLElement>('.ant-message-notice').forEach((n) => (n.style.display = 'none')),
  );

for (const locale of ['zh-CN', 'en-US'] as const) {
  const zh = locale === 'zh-CN';

  test(`every message about an event is in ${locale}`, async ({ page, request }) => {
    await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
    // An admin of its own that hears of no event but its own: a device of another test going offline (a
    // live notification naming that test's device, in whatever words it was named) is not this test's text.
    const admin = await createUser(request, 'admin');
    await api(
      request,
      notificationApi.savePreferences,
      { preferences: NOTIFICATION_KINDS.map((kind) => ({ kind, console: false, email: false })) },
      await apiLogin(request, admin),
    );

    // A refused login: the alert (and nothing else) in the console's language.
    await page.goto('/login');
    await fillLogin(page, { username: ADMIN.username, password: 'Wrong@12345' });
    await expectInLanguage(page, locale, [], 'refused login');
    await fillLogin(page, admin);
    await expect(page).not.toHaveURL(/\/login/);
    await consoleReady(page);

    // Field errors, a saved toast, then the server's 409 on a duplicate key (toast and field).
    const key = `e2e.lang.${locale}.${Date.now().toString(36)}`;
    await page.goto('/isystem/isystem-constants');
    await consoleReady(page);
    const create = () => page.getByRole('button', { name: zh ? /新\s*建$/ : /New$/ }).click();
    const dialog = page.getByRole('dialog');
    const save = () => dialog.getByRole('button', { name: zh ? /保\s*存/ : /Save$/ }).click();
    await create();
    await save();
    await expectInLanguage(page, locale, [], 'required fields');
    await dialog.getByRole('textbox').nth(0).fill(key);
    await dialog.getByRole('textbox').nth(1).fill('v');
    await save();
    await expect(dialog).toBeHidden();
    await expectInLanguage(page, locale, [key], 'saved');
    await closeToasts(page);
    await create();
    await dialog.getByRole('textbox').nth(0).fill(key);
    await dialog.getByRole('textbox').nth(1).fill('v2');
    await save();
    await expect(dialog.locator('.ant-form-item-explain-error')).toContainText(key);
    await expectInLanguage(page, locale, [key], 'duplicate key (409)');
    await page.keyboard.press('Escape');
    await closeToasts(page);

    // The HTTP client's own error when the server cannot be reached.
    let cut = 0;
    await page.route(`**${constantApi.listAll.path}**`, (route) => (cut++, route.abort('internetdisconnected')));
    await page.getByRole('button', { name: zh ? /刷\s*新/ : /Refresh$/ }).click();
    await expect.poll(() => cut).toBeGreaterThan(0);
    await expectInLanguage(page, locale, [], 'network error');
    await page.unroute(`**${constantApi.listAll.path}**`);
    await closeToasts(page);

    // Import row errors, named by the sheet's column titles in this language.
    const sheetOf = new ExcelJS.Workbook();
    const sheet = sheetOf.addWorksheet('devices');
    sheet.addRow(DEVICE_IMPORT_COLUMNS.map((c) => c[locale]));
    const row = (values: Record<string, string>) =>
      sheet.addRow(DEVICE_IMPORT_COLUMNS.map((c) => values[c.key] ?? null));
    const sn = `LANG${Date.now().toString(36).toUpperCase()}`;
    row({ type: 'gateway', sn: `${sn}-BADMAC`, mac: 'not-a-mac' });
    row({ type: 'no-such-type', sn: `${sn}-BADTYPE`, mac: '02:00:00:00:00:01' });
    row({ type: 'gateway', mac: '02:00:00:00:00:02' });
    await page.goto('/device/universal-Gateway-list');
    await consoleReady(page);
    await page.getByRole('button', { name: zh ? /导\s*入$/ : /Import$/ }).click();
    const importDialog = page.getByRole('dialog');
    await importDialog.locator('input[type=file]').setInputFiles({
      name: 'devices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await sheetOf.xlsx.writeBuffer()),
    });
    await importDialog.getByRole('button', { name: zh ? /开始导入$/ : 'Import', exact: !zh }).click();
    await expect(importDialog.getByTestId('import-result').locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
    await expectInLanguage(page, locale, [sn, 'not-a-mac', 'no-such-type', 'devices.xlsx'], 'import row errors');
  });
}
