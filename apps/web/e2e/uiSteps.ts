import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';

// Steps several specs take the same way through the console's antd widgets. The machine running them is
// shared and often loaded: the specs that took these steps gave each check this long.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Answers an open pop-up confirmation with OK, having checked its question when one is named. */
export async function confirmPopup(page: Page, question?: string) {
  const popup = page.getByRole('tooltip');
  if (question !== undefined) await expect(popup).toContainText(question);
  await popup.getByRole('button', { name: /确\s*定/ }).click();
}

/** Deletes `row` with its delete button and the confirmation, and waits for the list to say so. */
export async function deleteRow(page: Page, row: Locator) {
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await confirmPopup(page, '确定要删除吗？');
  await expect(page.getByText('删除成功')).toBeVisible();
}

/**
 * Opens a form (a dialog or a drawer) with the page's button `opener`, saves it empty and checks that it
 * asks for each of the `required` fields by its message; answers the form, found by its `title`.
 */
export async function openFormSavedEmpty(
  page: Page,
  opener: RegExp,
  title: string,
  required: string[],
): Promise<Locator> {
  await page.getByRole('button', { name: opener }).click();
  const form = page.getByRole('dialog').filter({ hasText: title });
  await form.getByRole('button', { name: /保\s*存/ }).click();
  for (const message of required) await expect(form.getByText(message)).toBeVisible();
  return form;
}

/** Saves `form` (a dialog or a drawer) and waits until the page says it is saved and the form has closed. */
export async function saveDialog(page: Page, form: Locator) {
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(form).toBeHidden();
}

/** Checks that the list `rows` holds one row and that it shows every one of `texts`; answers the row. */
export async function expectOnlyRow(rows: Locator, ...texts: string[]): Promise<Locator> {
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  for (const text of texts) await expect(row).toContainText(text);
  return row;
}

/** Fills the field `label` of the list's query form with `text` and runs the query. */
export async function searchFor(page: Page, label: string, text: string) {
  const query = page.getByTestId('query-form');
  await query.getByLabel(label).fill(text);
  await query.getByRole('button', { name: /^查\s*询$/ }).click();
}

/** Opens the bell's box and waits until its opening animation is over (a click during it can miss). */
export async function openBellBox(page: Page, bellButton: Locator) {
  await bellButton.click();
  const box = page.locator('.ant-popover').filter({ visible: true });
  await expect(box.first()).toBeVisible();
  // Finite animations only: a loading spinner turns for ever.
  await box.first().evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
}

/**
 * Serious and critical accessibility violations of what is on screen (within `selector` when one is named),
 * one line each naming the rule, what it asks and where (with the element and why when AXE_DEBUG is set).
 * Every rule applies (antd's hidden measure row is made inert by lib/tableAccessibility). axe runs in the
 * page itself (legacy mode: the console has no frames, so the per-frame run and the blank page that joins
 * its parts add nothing) and details violations only: three times faster than the default, measured on the
 * user, device and audit lists (2.3-3.1 s -> 0.6-1.0 s).
 */
export async function seriousAxeViolations(page: Page, selector?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  const { violations } = await (selector ? axe.include(selector) : axe).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ') + (process.env.AXE_DEBUG ? ` ${n.html.slice(0, 300)} ${n.failureSummary}` : '')).join(', ')}`,
    );
}

/** An option of the antd Select whose list is open now. */
export const openSelectOption = (page: Page, text: string | RegExp) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
