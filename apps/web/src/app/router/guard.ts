import { pagesForRole, type MenuNode } from '@siteops/contracts/shared/routes';
import { roleAllowed, type Role, type RouteRole } from '@siteops/contracts/shared/roles';
import { FIXED_ROUTE_NAMES, FORBIDDEN_NAME, LOGIN_NAME } from '@/lib/routeMeta';

/** The navigation being decided. */
export interface GuardTarget {
  name: string;
  requiresAuth: boolean;
  roles: readonly RouteRole[];
  query: Readonly<Record<string, string>>;
}

/** What the guard knows right now; it asks for more (user info, server menu) by its decision. */
export interface GuardState {
  token: string | null;
  /** Unknown until the user info has been fetched. */
  role: Role | undefined;
  menuFromServer: boolean;
  serverMenu: readonly MenuNode[];
  /** The server menu was already requested during this navigation (it stays empty after a failure). */
  serverMenuRequested: boolean;
}

export type GuardDecision =
  | { type: 'allow' }
  /** Go to login, carrying the target (spec 2). */
  | { type: 'login'; redirect: string; query: Readonly<Record<string, string>> }
  /** Fetch the user info, then decide again; a failure logs out. */
  | { type: 'loadInfo' }
  /** Fetch the server menu, then decide again. */
  | { type: 'loadServerMenu' }
  /** Go to another named route. */
  | { type: 'redirect'; to: string };

function inMenu(nodes: readonly MenuNode[], name: string): boolean {
  return nodes.some((n) => n.name === name || inMenu(n.children ?? [], name));
}

/**
 * Spec 2 navigation guard as a pure function, one step at a time. The caller performs the fetches it
 * asks for and calls again; see runGuard.ts.
 */
export function decideNavigation(target: GuardTarget, state: GuardState): GuardDecision {
  // Open routes, and login even with a token.
  if (target.name === LOGIN_NAME || (!target.requiresAuth && target.roles.length === 0)) return { type: 'allow' };
  if (!state.token) return { type: 'login', redirect: target.name, query: target.query };
  if (!state.role) return { type: 'loadInfo' };

  const permitted = roleAllowed(state.role, target.roles);
  if (state.menuFromServer) {
    const fixed = FIXED_ROUTE_NAMES.has(target.name);
    if (!fixed && state.serverMenu.length === 0 && !state.serverMenuRequested) return { type: 'loadServerMenu' };
    const known = fixed || inMenu(state.serverMenu, target.name);
    return known && permitted ? { type: 'allow' } : { type: 'redirect', to: FORBIDDEN_NAME };
  }
  if (permitted) return { type: 'allow' };
  const first = pagesForRole(state.role).find((r) => r.name !== target.name);
  return { type: 'redirect', to: first?.name ?? FORBIDDEN_NAME };
}
