import { describe, expect, it } from 'vitest';
import { menuForRole, type MenuNode } from '@siteops/contracts/shared/routes';
import { LAYOUT_ROUTES, LOGIN_ROUTE, NOT_FOUND_ROUTE, routeByName, type RouteMeta } from '@/lib/routeMeta';
import { decideNavigation, type GuardState, type GuardTarget } from './guard';

function target(name: string, query: Record<string, string> = {}): GuardTarget {
  const meta = routeByName(name) as RouteMeta;
  expect(meta, `route ${name}`).toBeDefined();
  return { name: meta.name, requiresAuth: meta.requiresAuth, roles: meta.roles, query };
}

const state = (patch: Partial<GuardState> = {}): GuardState => ({
  token: 'token',
  role: 'admin',
  menuFromServer: false,
  serverMenu: [],
  serverMenuRequested: false,
  ...patch,
});

describe('decideNavigation', () => {
  it('lets anyone open login, with or without a token', () => {
    expect(decideNavigation(target('login'), state({ token: null, role: undefined }))).toEqual({ type: 'allow' });
    expect(decideNavigation(target('login'), state())).toEqual({ type: 'allow' });
  });

  it('lets anyone see the not-found page (open route: no auth, no roles)', () => {
    expect(NOT_FOUND_ROUTE.requiresAuth).toBe(false);
    expect(decideNavigation(target('notFound'), state({ token: null, role: undefined }))).toEqual({ type: 'allow' });
  });

  it('sends a logged-out user to login with the target name and query', () => {
    expect(decideNavigation(target('setting', { tab: 'security' }), state({ token: null, role: undefined }))).toEqual({
      type: 'login',
      redirect: 'setting',
      query: { tab: 'security' },
    });
  });

  it('every layout route needs a login', () => {
    for (const meta of LAYOUT_ROUTES) {
      const decision = decideNavigation(target(meta.name), state({ token: null, role: undefined }));
      expect(decision.type, meta.name).toBe('login');
    }
  });

  it('asks for the user info when the role is unknown', () => {
    expect(decideNavigation(target('workplace'), state({ role: undefined }))).toEqual({ type: 'loadInfo' });
  });

  it('allows `*` routes and routes listing the role', () => {
    expect(decideNavigation(target('workplace'), state({ role: 'user' }))).toEqual({ type: 'allow' });
    expect(decideNavigation(target('device-list'), state({ role: 'agent' }))).toEqual({ type: 'allow' });
    expect(decideNavigation(target('project-list'), state({ role: 'manager' }))).toEqual({ type: 'allow' });
  });

  it('allows fixed layout pages (no roles) to every logged-in role', () => {
    expect(decideNavigation(target('exception-403'), state({ role: 'user' }))).toEqual({ type: 'allow' });
  });

  it("sends a denied user to the role's first permitted page", () => {
    expect(decideNavigation(target('isystem-constants'), state({ role: 'agent' }))).toEqual({
      type: 'redirect',
      to: 'workplace',
    });
    expect(decideNavigation(target('device-upgrade'), state({ role: 'manager' }))).toEqual({
      type: 'redirect',
      to: 'workplace',
    });
  });

  describe('menu from the server', () => {
    const agentMenu: MenuNode[] = menuForRole('agent');

    it('fetches the server menu first', () => {
      expect(decideNavigation(target('device-list'), state({ menuFromServer: true }))).toEqual({
        type: 'loadServerMenu',
      });
    });

    it('does not fetch it for fixed routes', () => {
      expect(decideNavigation(target('exception-403'), state({ menuFromServer: true }))).toEqual({ type: 'allow' });
    });

    it('allows what the server menu lists and the role may open', () => {
      expect(
        decideNavigation(target('device-list'), state({ role: 'agent', menuFromServer: true, serverMenu: agentMenu })),
      ).toEqual({ type: 'allow' });
    });

    it('refuses what the server menu does not list, even for an admin', () => {
      expect(
        decideNavigation(target('isystem-constants'), state({ menuFromServer: true, serverMenu: agentMenu })),
      ).toEqual({ type: 'redirect', to: 'exception-403' });
    });

    it('refuses after a failed menu fetch instead of asking again', () => {
      expect(
        decideNavigation(target('device-list'), state({ menuFromServer: true, serverMenuRequested: true })),
      ).toEqual({ type: 'redirect', to: 'exception-403' });
    });
  });

  it('the login route is the open login page', () => {
    expect(LOGIN_ROUTE).toMatchObject({ path: '/login', requiresAuth: false, roles: [] });
  });
});
