import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import type { Role } from '@siteops/contracts/shared/roles';
import { macFor } from '@siteops/device-sim/fleet';
import { ROUTES, menuForRole, type MenuNode } from '@siteops/contracts/shared/routes';
import { personalInfoForm } from './forms';
import { typedClient, type As, type Send, type TypedClient } from '@siteops/test-support/api';
import { envelopeOf, headersOf, queryOf, queryString } from '@siteops/test-support/fetch';
import { requestOf, type AnswerOf, type Endpoint, type InputOf } from '@siteops/contracts/shared/endpoint';
import { deviceApi } from '@siteops/contracts/device/api';
import { deviceSearchApi } from '@siteops/contracts/device-search/api';
import { projectApi } from '@siteops/contracts/project/api';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { agentApi } from '@siteops/contracts/agent/api';
import { userApi } from '@siteops/contracts/user/api';

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

/**
 * The typed client's transport over Playwright's request context (whose baseURL is the server under test).
 * `remoteAddress` cannot be chosen over a real connection and is ignored.
 */
export function playwrightSend(request: APIRequestContext): Send {
  return async (req) => {
    const res = await request.fetch(`${req.url}${queryString(req.query)}`, {
      method: req.method,
      headers: headersOf(req),
      data: req.payload ?? (req.body !== undefined ? JSON.stringify(req.body) : undefined),
    });
    return { status: res.status(), body: envelopeOf(await res.text()), headers: res.headers() };
  };
}

/**
 * The declared endpoints through `request`, as the server tests call them (`client(request)(deviceApi.grant,
 * input, token)` answers the status and envelope, whatever they are): never a path, so a renamed or re-typed
 * endpoint breaks the compile.
 */
export const client = (request: APIRequestContext): TypedClient => typedClient(playwrightSend(request));

/**
 * One call of a declared endpoint as `as` (a token); the test fails unless the envelope says 200. Answers the
 * envelope's data, typed by the declaration.
 */
export async function api<E extends Endpoint>(
  request: APIRequestContext,
  endpoint: E,
  input: InputOf<E>,
  as?: As,
): Promise<AnswerOf<E>> {
  return okData(client(request)(endpoint, input, as), endpoint);
}

/** {@link api} with input the declaration's type does not take (a test's filters written as a query string). */
api.unchecked = <T = unknown>(request: APIRequestContext, endpoint: Endpoint, input: unknown, as?: As) =>
  okData<T>(client(request).unchecked(endpoint, input, as), endpoint);

async function okData<T>(answer: Promise<{ body: Envelope<unknown> }>, endpoint: Endpoint): Promise<T> {
  const { body } = await answer;
  expect(body.code, `${endpoint.method} ${endpoint.path}: ${body.msg}`).toBe(200);
  return body.data as T;
}

export { queryOf };

/**
 * A declared endpoint's URL, its input in the path and query string: for what the typed client does not send
 * (Playwright's own multipart bodies) and for watching the console's requests.
 */
export function urlOf<E extends Endpoint>(endpoint: E, input: InputOf<E>): string {
  const { url, query } = requestOf({ ...endpoint, method: 'GET' }, input);
  return `${url}${queryString(query)}`;
}

/** Where every API path starts: for watching what the console asks of the server (not a call). */
// eslint-disable-next-line no-restricted-syntax -- the API's prefix as the browser's requests show it, not an endpoint
export const API_PREFIX = '/api/';

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
  const granted = await api(request, deviceApi.grant, { sn, mac, type, expiresAt }, token);
  const id = granted.deviceId;
  if (devName) await api(request, deviceApi.update, { id, devName }, token);
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
  const query = queryOf(`${range}&device=${sn}&source=telemetry`);
  await expect
    .poll(async () => (await api.unchecked<{ total: number }>(request, deviceSearchApi.listAll, query, token)).total, {
      timeout: 30_000,
    })
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
  const { id } = await api(request, projectApi.add, { name, code }, token);
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
  await api(
    request,
    visitorApi.publishConfig,
    { projectId, requiredFields: [], defaultVisitHours: 4, autoApprove: false, deviceIds },
    token,
  );
}

/**
 * A visitor of `projectId` with the face photo `photo` (a JPEG), visiting from an hour ago for four
 * hours, and passed (audited valid), so the project's gate terminals get it. Answers its id.
 */
export async function addPassedVisitor(
  request: APIRequestContext,
  token: string,
  visitor: { projectId: number; realName: string; phone: string; photo: Buffer },
): Promise<number> {
  const upload = await request.post(urlOf(visitorApi.postAvatar, {}), {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'face.jpg', mimeType: 'image/jpeg', buffer: visitor.photo } },
  });
  const photo = ((await upload.json()) as { data: { id: string } }).data;
  const visitorId = (
    await api(
      request,
      visitorApi.add,
      {
        projectId: visitor.projectId,
        realName: visitor.realName,
        phone: visitor.phone,
        avatar: photo.id,
        visitStart: new Date(Date.now() - 3_600_000).toISOString(),
        visitEnd: new Date(Date.now() + 4 * 3_600_000).toISOString(),
      },
      token,
    )
  ).id;
  await api(request, visitorApi.auditVisitor, { id: visitorId, status: 'valid' }, token);
  return visitorId;
}

/** A new agent `name`, valid to 2099, created with its admin user: `user`'s login, shown as `realName`. */
export async function addAgent(
  request: APIRequestContext,
  token: string,
  name: string,
  user: Credentials,
  realName: string,
): Promise<{ id: number }> {
  return api(
    request,
    agentApi.add,
    {
      name,
      linkName: 'E2E',
      linkPhone: '13900139000',
      expDate: '2099-12-31',
      user: { userName: user.username, realName, password: user.password },
    },
    token,
  );
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
  await api(request, deviceApi.divideAgent, { ids, agentId: agent.id }, token);
  const siteName = uniqueName(`E2E ${label} 工地`);
  const site = await api(
    request,
    projectApi.add,
    { name: siteName, code: uniqueName('SITE'), agentId: agent.id },
    token,
  );
  await api(request, deviceApi.divideProject, { ids, projectId: site.id }, token);
  return { agentUser, agentId: agent.id, siteId: site.id, siteName };
}

export async function apiLogin(request: APIRequestContext, { username, password }: Credentials): Promise<string> {
  return (await api(request, userApi.login, { username, password })).token;
}

/** What an account created without a password is answered. */
interface OneTime {
  oneTimePassword?: string;
}

/**
 * Creates a user through the API with an admin session (`password: null`: the one-time password the
 * server answers, to be changed at first login). An agent user is created with its agent through
 * /api/agent/add where the server has it (an agent user must belong to an agent), else through
 * /api/user/add, with the complete personal-info form.
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
    const agent = await client(request).unchecked(
      agentApi.add,
      {
        name: uniqueName('E2E agent'),
        linkName: realName,
        linkPhone: '13900139000',
        expDate: '2099-12-31',
        user: { userName: username, realName, ...secret },
      },
      token,
    );
    if (agent.status !== 404) {
      expect(agent.body.code, agent.body.msg).toBe(200);
      return { username, password: password ?? (agent.body.data as OneTime).oneTimePassword ?? '' };
    }
  }
  const minimal = { userName: username, realName, role, ...secret, ...fields };
  // The personal info is no longer required of a new account (decision 0024); the specs' users have it
  // all, as a user who completed it does.
  const added = await client(request).unchecked(
    userApi.add,
    { ...minimal, ...(await personalInfoForm(request, token, { nickName: 'e2e', email: 'e2e@example.com' })) },
    token,
  );
  expect(added.body.code, added.body.msg).toBe(200);
  return { username, password: password ?? (added.body.data as OneTime).oneTimePassword ?? '' };
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

/** How many API sessions loginTo has seeded in this worker: each seed applies once, the latest winning. */
let seeds = 0;

/**
 * Logs in through the API and opens `url` with that session, as a returning operator's reload does: for
 * tests whose subject is a page, not the login form (auth.spec and the walks log in through the form).
 * It skips the form and the Workplace's first draw, about 2 s of a test. The token is put in place before
 * the console's first script, once: a later logout or login in the test is not undone on its next load.
 */
export async function loginTo(page: Page, url: string, credentials: Credentials = ADMIN) {
  const token = await apiLogin(page.request, credentials);
  seeds += 1;
  await page.addInitScript(
    ([value, seed]) => {
      try {
        if (Number(sessionStorage.getItem('e2e-seed') ?? 0) >= seed) return;
        localStorage.setItem('token', value);
        sessionStorage.setItem('e2e-seed', String(seed));
      } catch {
        // A frame with no storage of its own (about:blank) has no console to log in.
      }
    },
    [token, seeds] as const,
  );
  await openConsole(page, url);
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
