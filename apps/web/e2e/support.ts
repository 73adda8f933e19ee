import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import type { Role } from '@siteops/contracts/shared/roles';
import { macFor } from '@siteops/device-sim/fleet';
import { ROUTES, menuForRole, type MenuNode } from '@siteops/contracts/shared/routes';
import { personalInfoForm } from './forms';

/** What `slowMachineSpec` sets on a spec's `test` (Playwright's own, or one extended with fixtures). */
interface SpecTest {
  use(options: { reducedMotion: 'reduce' }): void;
  describe: { configure(options: { timeout: number }): void };
}

/**
 * A spec's settings on the machine running it, shared and often loaded, where pages can take seconds: no
 * animations, `timeoutMs` for each test, and the `expect` the spec checks with, waiting up to 30 s. Called
 * once at the top of the spec.
 */
export function slowMachineSpec(specTest: SpecTest, timeoutMs: number) {
  specTest.use({ reducedMotion: 'reduce' });
  specTest.describe.configure({ timeout: timeoutMs });
  return expect.configure({ timeout: 30_000 });
}

/** playwright.config.ts starts the server with this admin password (E2E_ADMIN_PASSWORD there). */
export const ADMIN = { username: 'admin', password: 'Admin@12345' };

export interface Credentials {
  username: string;
  password: string;
}

/** Tests share one server and database: every account a test creates gets a unique name. */
export function uniqueName(prefix: string) {
  return `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** What every API answer is wrapped in. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One API call as `token`; the test fails unless the envelope says 200. Answers the envelope's data. */
export async function apiCall<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(url, { method, headers: { Authorization: `Bearer ${token}` }, data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(200);
  return body.data;
}

/** A device a simulated one can link as: granted (with its licence) and named, as an admin does it. */
export interface GrantedDevice {
  id: number;
  sn: string;
  mac: string;
  secret: string;
}

/** Grants a device of `type` through the API (admin `token`) under a unique serial number starting `prefix`. */
export async function grantDevice(
  request: APIRequestContext,
  token: string,
  { type, prefix, devName }: { type: DeviceType; prefix: string; devName?: string },
): Promise<GrantedDevice> {
  const sn = uniqueName(prefix).replace(/_/g, '-').toUpperCase().slice(0, 40);
  const mac = macFor(sn);
  const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const granted = await apiCall<{ deviceId: number; file: { licence: { deviceSecret: string } } }>(
    request,
    token,
    'POST',
    '/api/device/grant',
    { sn, mac, type, expiresAt },
  );
  const id = granted.deviceId;
  if (devName) await apiCall(request, token, 'PUT', '/api/device/update', { id, devName });
  return { id, sn, mac, secret: granted.file.licence.deviceSecret };
}

/**
 * Waits until the server holds `count` telemetry readings of device `sn` since `from` (it stores them in
 * batches, so a reading just sent is not there yet). Answers the search range `from=…&to=…` that holds
 * them: up to five minutes ahead, so a reading sent while the test runs still falls in it.
 */
export async function waitForReadings(
  request: APIRequestContext,
  token: string,
  { sn, from, count }: { sn: string; from: string; count: number },
): Promise<string> {
  const to = new Date(Date.now() + 5 * 60_000).toISOString();
  const range = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  const url = `/api/deviceSearch/listAll?${range}&device=${sn}&source=telemetry`;
  await expect
    .poll(async () => (await apiCall<{ total: number }>(request, token, 'GET', url)).total, { timeout: 30_000 })
    .toBe(count);
  return range;
}

/** A new project (site) of no agent, named `${label}_…` with a code `${codePrefix}…`, both unique. */
export async function addProject(
  request: APIRequestContext,
  token: string,
  { label, codePrefix }: { label: string; codePrefix: string },
): Promise<{ id: number; name: string }> {
  const name = uniqueName(label);
  // A project code takes letters, digits and _.- only.
  const code = uniqueName(codePrefix).replace(/[^A-Za-z0-9_.-]/g, '');
  const { id } = await apiCall<{ id: number }>(request, token, 'POST', '/api/project/add', { name, code });
  return { id, name };
}

/**
 * Publishes the visitor configuration of `projectId` with `deviceIds` as its gate terminals: no field
 * required, four-hour visits, each visitor approved by hand.
 */
export async function publishGateConfig(
  request: APIRequestContext,
  token: string,
  projectId: number,
  deviceIds: number[],
) {
  await apiCall(request, token, 'PUT', '/api/visitor/publishConfig', {
    projectId,
    requiredFields: [],
    defaultVisitHours: 4,
    autoApprove: false,
    deviceIds,
  });
}

/** A new agent `name`, valid to 2099, created with its admin user: `user`'s login, shown as `realName`. */
export async function addAgent(
  request: APIRequestContext,
  token: string,
  name: string,
  user: Credentials,
  realName: string,
): Promise<{ id: number }> {
  return apiCall<{ id: number }>(request, token, 'POST', '/api/agent/add', {
    name,
    linkName: 'E2E',
    linkPhone: '13900139000',
    expDate: '2099-12-31',
    user: { userName: user.username, realName, password: user.password },
  });
}

/**
 * A new agent with its own login and one site (project), and `deviceId` (one or several, moved together)
 * to both: a tenant whose numbers nobody else's data can touch.
 */
export async function agentSiteFor(
  request: APIRequestContext,
  token: string,
  deviceId: number | number[],
  label: string,
): Promise<{ agentUser: Credentials; agentId: number; siteId: number; siteName: string }> {
  const agentUser = { username: uniqueName(`e2e_${label}`), password: 'Passw0rd!e2e' };
  const agent = await addAgent(request, token, uniqueName(`E2E ${label} agent`), agentUser, `E2E ${label}`);
  const ids = [deviceId].flat();
  await apiCall(request, token, 'POST', '/api/device/divideAgent', { ids, agentId: agent.id });
  const siteName = uniqueName(`E2E ${label} 工地`);
  const site = await apiCall<{ id: number }>(request, token, 'POST', '/api/project/add', {
    name: siteName,
    code: uniqueName('SITE'),
    agentId: agent.id,
  });
  await apiCall(request, token, 'POST', '/api/device/divideProject', { ids, projectId: site.id });
  return { agentUser, agentId: agent.id, siteId: site.id, siteName };
}

export async function apiLogin(request: APIRequestContext, { username, password }: Credentials): Promise<string> {
  const response = await request.post('/api/user/login', { data: { username, password } });
  const body = (await response.json()) as Envelope<{ token: string }>;
  expect(body.code, body.msg).toBe(200);
  return body.data.token;
}

/** What an account created without a password is answered. */
interface OneTime {
  oneTimePassword?: string;
}

async function post<T>(request: APIRequestContext, token: string, url: string, data: unknown) {
  const response = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
  return { status: response.status(), body: (await response.json()) as Envelope<T> };
}

/**
 * Creates a user through the API with an admin session (`password: null`: the one-time password the
 * server answers, to be changed at first login). An agent user is created with its agent through
 * /api/agent/add where the server has it (an agent user must belong to an agent), else through
 * /api/user/add; /api/user/add gets the minimal body first and the complete form if it asks for it.
 */
export async function createUser(
  request: APIRequestContext,
  role: Role,
  password: string | null = 'Passw0rd!e2e',
  /** More of the user's fields, e.g. the agent a manager works for. */
  fields: Record<string, unknown> = {},
): Promise<Credentials> {
  const token = await apiLogin(request, ADMIN);
  const username = uniqueName(`e2e_${role}`);
  const realName = `E2E ${role}`;
  const secret = password ? { password } : {};
  if (role === 'agent') {
    const agent = await post<OneTime>(request, token, '/api/agent/add', {
      name: uniqueName('E2E agent'),
      linkName: realName,
      linkPhone: '13900139000',
      expDate: '2099-12-31',
      user: { userName: username, realName, ...secret },
    });
    if (agent.status !== 404) {
      expect(agent.body.code, agent.body.msg).toBe(200);
      return { username, password: password ?? agent.body.data.oneTimePassword ?? '' };
    }
  }
  const minimal = { userName: username, realName, role, ...secret, ...fields };
  let added = await post<OneTime>(request, token, '/api/user/add', minimal);
  if (added.body.code === 40000) {
    added = await post<OneTime>(request, token, '/api/user/add', {
      ...minimal,
      ...(await personalInfoForm(request, token, { nickName: 'e2e', email: 'e2e@example.com' })),
    });
  }
  expect(added.body.code, added.body.msg).toBe(200);
  return { username, password: password ?? added.body.data.oneTimePassword ?? '' };
}

/** Fills the login form (labels in either language) and submits it with Enter. */
export async function fillLogin(page: Page, { username, password }: Credentials) {
  await page.getByLabel(/^(用户名|Username)$/).fill(username);
  await page.getByLabel(/^(密码|Password)$/).fill(password);
  await page.getByRole('button', { name: /^(登\s*录|Log in)$/ }).click();
}

/** Logs in through the login page and waits for the console. */
export async function login(page: Page, credentials: Credentials = ADMIN) {
  await page.goto('/login');
  await fillLogin(page, credentials);
  await expect(page).not.toHaveURL(/\/login/);
  await consoleReady(page);
}

/**
 * A full page load boots the console again before it draws anything (entry code, the guard's user-info
 * call, the page's code, the first render of the whole layout). That takes seconds of CPU, and far more
 * on a busy machine: wait for it explicitly, with room, rather than let a short assertion race it.
 */
export const BOOT_TIMEOUT = 90_000;

/** Waits until the console layout is drawn and its page has settled (no navigation in progress). */
export async function consoleReady(page: Page) {
  await expect(page.getByTestId('console-layout')).toBeVisible({ timeout: BOOT_TIMEOUT });
  await expect(page.locator('html')).not.toHaveClass(/nprogress-busy/, { timeout: BOOT_TIMEOUT });
}

/** Reloads the page and waits for the console to be back. */
export async function reloadConsole(page: Page) {
  await page.reload();
  await consoleReady(page);
}

/** Opens a console URL with a full page load and waits for the console to be drawn. */
export async function openConsole(page: Page, url: string) {
  await page.goto(url);
  await consoleReady(page);
}

export const sideMenu = (page: Page) => page.getByTestId('side-menu');
export const tabBar = (page: Page) => page.getByTestId('tab-bar');

/**
 * The side menu as drawn: every entry with its section, in order. A closed section draws its entries when
 * first opened (the menu does not render them ahead, issue 9), so the closed ones are opened to be read and
 * closed again, leaving the menu as it was.
 */
export async function drawnMenu(page: Page) {
  const items = sideMenu(page).locator('[data-route-name]');
  await expect(items.first()).toBeAttached();
  const titles = sideMenu(page).locator('.ant-menu-submenu > .ant-menu-submenu-title');
  const closed = await titles.evaluateAll((nodes) =>
    nodes.flatMap((n, i) => (n.parentElement?.classList.contains('ant-menu-submenu-open') ? [] : [i])),
  );
  for (const i of closed) await titles.nth(i).click();
  const drawn = await items.evaluateAll((nodes) =>
    nodes.map((n) => ({ name: n.getAttribute('data-route-name'), parent: n.getAttribute('data-route-parent') })),
  );
  for (const i of closed) await titles.nth(i).click();
  return drawn;
}

/** The same shape from a menu tree (the route table's expectation). */
export function flattenMenu(tree: readonly MenuNode[]) {
  return tree.flatMap((root) => [
    { name: root.name, parent: null },
    ...(root.children ?? []).map((child) => ({ name: child.name, parent: root.name })),
  ]);
}

export async function storedToken(page: Page) {
  return page.evaluate(() => localStorage.getItem('token'));
}

type Messages = { [key: string]: string | Messages };
const messagesOf = (locale: 'zh-CN' | 'en-US') =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../src/i18n/${locale}.json`), 'utf8')) as Messages;
const MESSAGES = { 'zh-CN': messagesOf('zh-CN'), 'en-US': messagesOf('en-US') };

/** A route's title in a language, as its tab shows it. */
export const routeTitle = (i18nKey: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') =>
  i18nKey.split('.').reduce<string | Messages>((node, key) => (node as Messages)[key], MESSAGES[locale]) as string;

/** Every page of the admin's menu (planned ones included: callers skip those by `isPlanned`). */
export const adminPages = () => menuForRole('admin').flatMap((section) => section.children ?? []);

/**
 * The admin's pages in groups of at most `size` from one menu section, so a walk over every page can be
 * one short test per group (one walk over the whole menu outgrew any sane timeout on a busy machine).
 */
export function adminPageGroups(size = 6): { label: string; pages: MenuNode[] }[] {
  return menuForRole('admin').flatMap((section) => {
    const pages = section.children ?? [];
    const count = Math.ceil(pages.length / size);
    return Array.from({ length: count }, (_, i) => ({
      label: count > 1 ? `${section.name} ${i + 1}/${count}` : section.name,
      pages: pages.slice(i * size, (i + 1) * size),
    }));
  });
}

/** The names of these pages that are built (not `planned` in the route table). */
export const builtPages = (pages: readonly MenuNode[]) =>
  pages.filter((c) => !ROUTES.find((r) => r.name === c.name)?.planned).map((c) => c.name);

/**
 * Shows a route by client-side navigation, as a menu click does (a full reload per page costs seconds),
 * and waits until its tab is selected and what it shows stops changing (live numbers may never).
 */
export async function showRoute(
  page: Page,
  route: MenuNode,
  locale: 'zh-CN' | 'en-US' = 'zh-CN',
  read?: () => Promise<string>,
) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route.path);
  await expect(page).toHaveURL(new RegExp(`${route.path}(\\?|$)`));
  // The URL changes before the router has loaded and shown the page: wait for its own tab.
  await expect(tabBar(page).getByRole('tab', { selected: true })).toHaveText(routeTitle(route.i18nKey, locale), {
    timeout: 30_000,
  });
  await settle(page, read);
}

/** No spinner left, and the text on screen stops changing. */
export async function settle(page: Page, read: () => Promise<string> = () => page.locator('body').innerText()) {
  await expect(page.locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0, { timeout: 30_000 });
  let previous = '';
  for (let i = 0; i < 10; i++) {
    await page.waitForTimeout(300);
    const now = await read();
    if (now === previous) return;
    previous = now;
  }
}

/** The stand-in of a page the route table marks planned. */
export const isPlanned = async (page: Page) =>
  (await page
    .getByText(/(is not built yet|尚未建成)$/)
    .filter({ visible: true })
    .count()) > 0;

/**
 * Types into an antd Select and picks the option whose text contains `text`. Typed again when the option
 * does not come: a click that lands while the tags of an earlier pick re-flow can close the open list.
 */
export async function pickOption(page: Page, select: Locator, text: string) {
  const option = page.locator('.ant-select-item-option', { hasText: text }).first();
  await expect(async () => {
    await select.click();
    await select.fill('');
    await select.pressSequentially(text);
    await expect(option).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await option.click();
}
