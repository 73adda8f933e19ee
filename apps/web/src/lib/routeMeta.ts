import { ROUTES, SELF_REG_PATH, WORKER_REG_PATH, type RouteDef } from '@siteops/contracts/shared/routes';
import type { RouteRole } from '@siteops/contracts/shared/roles';

/**
 * What the console knows about each route: the shared route table (contracts) plus the fixed routes
 * that only the console has (login, redirect, exception and result pages, the not-found fallback).
 */
export interface RouteMeta {
  name: string;
  /** Router path pattern. */
  path: string;
  i18nKey: string;
  /** Section (menu root) it belongs to, for the breadcrumb and the open menu section. */
  parent?: string;
  requiresAuth: boolean;
  /** Empty (with requiresAuth) means any logged-in user, like `*`. */
  roles: readonly RouteRole[];
  /** Not built yet: rendered as the "not built yet" page. */
  planned?: boolean;
  /** Whether visiting it adds a tab to the tab bar. */
  tab: boolean;
  /** Shows personal data: watermarked (app/layout/PageWatermark). */
  personalData?: boolean;
}

export const HOME_NAME = 'workplace';
export const LOGIN_NAME = 'login';
export const FORBIDDEN_NAME = 'exception-403';
export const NOT_FOUND_NAME = 'notFound';
export const REDIRECT_NAME = 'redirect';
export const SELF_REG_NAME = 'visitor-selfreg';
export const WORKER_REG_NAME = 'labour-selfreg';
export const RECOVER_NAME = 'recover';

const fromTable = (r: RouteDef): RouteMeta => ({
  name: r.name,
  path: r.path,
  i18nKey: r.i18nKey,
  parent: r.parent,
  requiresAuth: true,
  roles: r.roles,
  planned: r.planned,
  tab: Boolean(r.parent),
  personalData: r.personalData,
});

/** Section roots of the table (`/device`, …): they lead to their first page the user may open. */
export const SECTION_ROUTES: readonly RouteMeta[] = ROUTES.filter((r) => !r.parent).map(fromTable);

const inLayout = (name: string, path: string, i18nKey: string, parent: string): RouteMeta => ({
  name,
  path,
  i18nKey,
  parent,
  requiresAuth: true,
  roles: [],
  tab: true,
});

/** Pages drawn inside the console layout: the table's pages, then the fixed exception and result pages. */
export const LAYOUT_ROUTES: readonly RouteMeta[] = [
  ...ROUTES.filter((r) => r.parent).map(fromTable),
  inLayout('exception-403', '/exception/403', 'menu.exception.403', 'exception'),
  inLayout('exception-404', '/exception/404', 'menu.exception.404', 'exception'),
  inLayout('exception-500', '/exception/500', 'menu.exception.500', 'exception'),
  inLayout('result-success', '/result/success', 'menu.result.success', 'result'),
  inLayout('result-error', '/result/error', 'menu.result.error', 'result'),
  {
    name: REDIRECT_NAME,
    path: '/redirect/*',
    i18nKey: 'menu.redirect',
    requiresAuth: true,
    roles: ['*'],
    tab: false,
  },
];

/** Open routes: no auth, no roles (spec 2: "A route with neither is open"); outside the tabs. */
function openRoute(name: string, path: string, i18nKey: string): RouteMeta {
  return { name, path, i18nKey, requiresAuth: false, roles: [], tab: false };
}

export const LOGIN_ROUTE = openRoute(LOGIN_NAME, '/login', 'menu.login');
export const NOT_FOUND_ROUTE = openRoute(NOT_FOUND_NAME, '*', 'menu.notFound');

/**
 * A visitor's phone, from the project's registration QR code: no login, outside the console layout and
 * its menu (the path is contracts' SELF_REG_PATH plus the link's token).
 */
export const SELF_REG_ROUTE = openRoute(SELF_REG_NAME, `${SELF_REG_PATH}:token`, 'selfReg.title');

/** A worker's phone, from the project's worker registration QR code: as SELF_REG_ROUTE. */
export const WORKER_REG_ROUTE = openRoute(WORKER_REG_NAME, `${WORKER_REG_PATH}:token`, 'workerReg.title');

/** A forgotten password, reset with the security question (no login; linked from the login page). */
export const RECOVER_ROUTE = openRoute(RECOVER_NAME, '/recover', 'recover.title');

/** Routes outside the shared table; in server-menu mode they are always reachable (spec 2 "fixed routes"). */
export const FIXED_ROUTE_NAMES: ReadonlySet<string> = new Set([
  LOGIN_NAME,
  NOT_FOUND_NAME,
  REDIRECT_NAME,
  SELF_REG_NAME,
  WORKER_REG_NAME,
  RECOVER_NAME,
  ...LAYOUT_ROUTES.filter((r) => !ROUTES.some((t) => t.name === r.name)).map((r) => r.name),
]);

/** Titles of the sections that are not in the table. */
const FIXED_SECTIONS: Record<string, string> = { exception: 'menu.exception.root', result: 'menu.result.root' };

const ALL: readonly RouteMeta[] = [
  ...SECTION_ROUTES,
  ...LAYOUT_ROUTES,
  LOGIN_ROUTE,
  SELF_REG_ROUTE,
  WORKER_REG_ROUTE,
  RECOVER_ROUTE,
  NOT_FOUND_ROUTE,
];
const BY_NAME = new Map(ALL.map((r) => [r.name, r]));

export function routeByName(name: string | null | undefined): RouteMeta | undefined {
  return name ? BY_NAME.get(name) : undefined;
}

/** Path of a named route, if it can be reached by name alone (no params or splats). */
export function pathOf(name: string | null | undefined): string | undefined {
  const path = routeByName(name)?.path;
  return path && !path.includes('*') && !path.includes(':') ? path : undefined;
}

export const HOME_PATH = pathOf(HOME_NAME) ?? '/dashboard/workplace';
export const LOGIN_PATH = LOGIN_ROUTE.path;
export const RECOVER_PATH = RECOVER_ROUTE.path;

export function sectionTitleKey(section: string | undefined): string | undefined {
  if (!section) return undefined;
  return routeByName(section)?.i18nKey ?? FIXED_SECTIONS[section];
}
