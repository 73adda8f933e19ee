import { expect, test, type Browser, type Page } from '@playwright/test';
import { dashboardApi } from '@siteops/contracts/dashboard/api';
import { ADMIN, apiLogin, createUser, grantDevice, login } from './support';

/**
 * Issue 33 item 8, the Workplace's fleet panel: each "by device type" bar is its type's total with the
 * online devices filled in (not scaled by the largest type, which drew "online 4/4" as two thirds), and a
 * role sees only the figures it can have: a plain user, with no device in its scope, gets no fleet panel
 * (it was all zeros and "online rate 0 %") and the Workplace does not ask for it; the agents' count is
 * the admin's.
 */
test.use({ reducedMotion: 'reduce' });
// Each test signs in one or two accounts made for it: room for a busy machine.
test.describe.configure({ timeout: 150_000 });

/** A page of its own (cookies, storage) in the run's browser, with the project's base URL. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  return context.newPage();
}

/** Each type's bar: its width against the widest, and its filled part against what its label says. */
async function bars(page: Page) {
  return page
    .getByTestId('fleet-by-type')
    .getByRole('img')
    .evaluateAll((tracks) => {
      const widest = Math.max(...tracks.map((t) => t.getBoundingClientRect().width));
      return tracks.map((t) => {
        const [online, total] = (t.getAttribute('aria-label')?.match(/\d+/g) ?? []).slice(-2).map(Number);
        const fill = t.querySelector('[data-testid="fleet-type-online"]')!.getBoundingClientRect().width;
        const width = t.getBoundingClientRect().width;
        return { ofWidest: width / widest, filled: fill / width, expected: online! / total! };
      });
    });
}

test('the admin’s bars show each type’s online devices against its total, and the agents’ count', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, ADMIN);
  // Two types of different totals (more may be there from other specs).
  await grantDevice(request, token, { type: 'dust', prefix: 'e2e-wr-dust' });
  await grantDevice(request, token, { type: 'dust', prefix: 'e2e-wr-dust' });
  await grantDevice(request, token, { type: 'face', prefix: 'e2e-wr-face' });
  await login(page);
  await expect(page.getByTestId('fleet-type-dust')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('fleet-type-face')).toBeVisible();
  const drawn = await bars(page);
  expect(drawn.length).toBeGreaterThanOrEqual(2);
  for (const bar of drawn) {
    expect(bar.ofWidest, 'every bar is as wide as the others, whatever its total').toBeCloseTo(1, 2);
    expect(bar.filled, 'the filled part is online / total').toBeCloseTo(bar.expected, 1);
  }
  await expect(page.getByTestId('fleet-agents')).toBeVisible();
});

test('an agent sees its fleet without the agents’ count', async ({ page, request }) => {
  await login(page, await createUser(request, 'agent'));
  await expect(page.getByTestId('fleet-figures')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('fleet-total')).toBeVisible();
  await expect(page.getByTestId('fleet-agents')).toHaveCount(0);
  await expect(page.getByTestId('fleet-platforms')).toHaveCount(0);
});

test('a plain user sees no fleet panel, and the Workplace does not ask for one', async ({ browser, request }) => {
  const userPage = await freshPage(browser);
  const asked: string[] = [];
  userPage.on('request', (r) => {
    if (new URL(r.url()).pathname === dashboardApi.fleet.path) asked.push(r.url());
  });
  await login(userPage, await createUser(request, 'user'));
  // The Workplace is drawn (its overview), without the fleet.
  await expect(userPage.getByText('本月访问')).toBeVisible({ timeout: 30_000 });
  await expect(userPage.getByTestId('fleet-figures')).toHaveCount(0);
  await expect(userPage.getByText(/在线率/)).toHaveCount(0);
  expect(asked).toEqual([]);
  await userPage.close();
});
