import { redirect } from 'react-router';
import type { Role } from '@siteops/contracts/shared/roles';
import { loginHref } from '@/lib/loginRedirect';
import { FORBIDDEN_NAME, pathOf, type RouteMeta } from '@/lib/routeMeta';
import { loadServerMenu, loadUserInfo, logout } from '@/lib/session';
import { getToken } from '@/lib/token';
import { useSettingsStore } from '@/stores/settings';
import { useUserStore } from '@/stores/user';
import { decideNavigation, type GuardTarget } from './guard';

/** At most: fetch info, fetch the server menu, decide. */
const MAX_STEPS = 4;

export interface Refusal {
  /** The route that was refused. */
  name: string;
  role: Role;
}

let lastRefusal: Refusal | null = null;

/**
 * The refusal behind the latest redirect, once: the layout says why the user landed on another page
 * (spec 2 sends a refused URL to the role's first page, which alone would look like a wrong link).
 */
export function takeRefusal(): Refusal | null {
  const refusal = lastRefusal;
  lastRefusal = null;
  return refusal;
}

/**
 * Runs the guard for a navigation to `meta` at `url`: resolves when it may proceed, throws a
 * react-router redirect otherwise. Used by every route's loader, so it runs before the page renders.
 */
export async function runGuard(meta: RouteMeta, url: URL): Promise<void> {
  const target: GuardTarget = {
    name: meta.name,
    requiresAuth: meta.requiresAuth,
    roles: meta.roles,
    query: Object.fromEntries(url.searchParams),
  };
  let serverMenuRequested = false;
  for (let step = 0; step < MAX_STEPS; step++) {
    const settings = useSettingsStore.getState();
    const decision = decideNavigation(target, {
      token: getToken(),
      role: useUserStore.getState().role,
      menuFromServer: settings.menuFromServer,
      serverMenu: settings.serverMenu,
      serverMenuRequested,
    });
    switch (decision.type) {
      case 'allow':
        return;
      case 'login':
        throw redirect(loginHref(decision.redirect, decision.query));
      case 'redirect': {
        // The 403 page explains itself; a first permitted page does not.
        const role = useUserStore.getState().role;
        lastRefusal = decision.to !== FORBIDDEN_NAME && role ? { name: target.name, role } : null;
        throw redirect(pathOf(decision.to) ?? pathOf(FORBIDDEN_NAME) ?? '/');
      }
      case 'loadInfo': {
        const loaded = await loadUserInfo().then(
          () => true,
          () => false,
        );
        if (!loaded) {
          // Spec 2: a failed info fetch logs out and goes to login.
          await logout();
          throw redirect(loginHref(target.name, target.query));
        }
        break;
      }
      case 'loadServerMenu':
        serverMenuRequested = true;
        await loadServerMenu();
        break;
    }
  }
  throw redirect(pathOf(FORBIDDEN_NAME) ?? '/');
}
