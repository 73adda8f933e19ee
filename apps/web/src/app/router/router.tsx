import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { menuForRole } from '@siteops/contracts/shared/routes';
import {
  FORBIDDEN_NAME,
  HOME_PATH,
  LAYOUT_ROUTES,
  LOGIN_PATH,
  LOGIN_ROUTE,
  NOT_FOUND_ROUTE,
  pathOf,
  SELF_REG_ROUTE,
  WORKER_REG_ROUTE,
  RECOVER_ROUTE,
  SECTION_ROUTES,
  type RouteMeta,
} from '@/lib/routeMeta';
import { consoleMessagesReady, i18nReady } from '@/i18n/i18n';
import { getToken } from '@/lib/token';
import { useSettingsStore } from '@/stores/settings';
import { useUserStore } from '@/stores/user';
import { pageFor } from './pages';
import { BootScreen, RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { runGuard } from './runGuard';

/** A language that failed to load shows keys rather than stopping navigation (main.tsx renders anyway). */
const languageLoaded = () => i18nReady.catch(() => undefined);

/**
 * The guard, then the page's code, both before anything renders (and under the progress bar); then the
 * page's first read starts.
 */
function guardedLoader(meta: RouteMeta) {
  return async ({ request }: LoaderFunctionArgs) => {
    const page = pageFor(meta.name);
    // Signed in, the page's code downloads while the guard asks who the user is (a reload: the user info,
    // then the code, then the rows came one after the other, issue 33). Signed out, nothing downloads
    // for a page the guard will send to the login page; a page the role may not open is downloaded for
    // nothing, which is rare (a hand-typed address) against every reload.
    const code = getToken() ? page.preload() : undefined;
    code?.catch(() => undefined); // a failed download is retried below, after the guard
    // The guard's notices (server menu, errors) need the language loaded.
    await languageLoaded();
    const url = new URL(request.url);
    await runGuard(meta, url);
    await page.preload();
    // Not awaited: the rows are on their way while the layout and the page render.
    page.prefetch(url, meta.name);
    return null;
  };
}

/** Layout pages render nothing through the router: BasicLayout draws them (see KeepAlivePages). */
function DrawnByLayout() {
  return null;
}

/** A section root (`/device`) leads to the first page of that section the user may open. */
function sectionLoader(meta: RouteMeta) {
  return async ({ request }: LoaderFunctionArgs) => {
    await languageLoaded();
    await runGuard(meta, new URL(request.url));
    const { menuFromServer, serverMenu } = useSettingsStore.getState();
    const role = useUserStore.getState().role;
    const menu = menuFromServer ? serverMenu : role ? menuForRole(role) : [];
    const first = menu.find((node) => node.name === meta.name)?.children?.[0];
    throw redirect(first?.path ?? pathOf(FORBIDDEN_NAME) ?? HOME_PATH);
  };
}

/**
 * Layout pages have no element of their own: the layout draws them itself, so that visited pages stay
 * alive (hidden) while another tab is shown. `handle` carries the route's meta to the layout.
 */
const layoutChildren: RouteObject[] = [
  ...LAYOUT_ROUTES.map((meta) => ({
    path: meta.path,
    handle: meta,
    loader: guardedLoader(meta),
    Component: DrawnByLayout,
  })),
  ...SECTION_ROUTES.map((meta) => ({
    path: meta.path,
    handle: meta,
    loader: sectionLoader(meta),
    Component: DrawnByLayout,
  })),
];

/** A page outside the console layout (login, a visitor's self-registration, not found). */
function standalone(meta: RouteMeta): RouteObject {
  const { Component: Page } = pageFor(meta.name);
  return {
    path: meta.path,
    handle: meta,
    loader: guardedLoader(meta),
    Component: function StandalonePage() {
      return <Page routeName={meta.name} />;
    },
  };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: BootScreen,
    ErrorBoundary: RouteErrorPage,
    children: [
      // Spec 2: `/` goes to login; with a session there is no point, so it goes to the workplace.
      { index: true, loader: () => redirect(getToken() ? HOME_PATH : LOGIN_PATH) },
      standalone(LOGIN_ROUTE),
      standalone(SELF_REG_ROUTE),
      standalone(WORKER_REG_ROUTE),
      standalone(RECOVER_ROUTE),
      {
        id: 'layout',
        // The features' messages come with the layout (the login page carries none of them).
        lazy: () =>
          Promise.all([
            import('@/app/layout/BasicLayout'),
            import('@/app/providers/QueryProvider'),
            consoleMessagesReady(),
          ]).then(([{ BasicLayout }, { QueryProvider }]) => ({
            Component: function Console() {
              return (
                <QueryProvider>
                  <BasicLayout />
                </QueryProvider>
              );
            },
          })),
        children: layoutChildren,
      },
      standalone(NOT_FOUND_ROUTE),
    ],
  },
];

export const router = createBrowserRouter(routes);
