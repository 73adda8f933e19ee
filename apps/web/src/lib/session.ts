import type { MenuNode } from '@siteops/contracts/shared/routes';
import type { UserInfo } from '@siteops/contracts/user/schemas';
import { userApi } from '@siteops/contracts/user/api';
import i18n from '@/i18n/i18n';
import { call } from '@/api/endpoint';
import { useSettingsStore } from '@/stores/settings';
import { useTabsStore } from '@/stores/tabs';
import { useUserStore } from '@/stores/user';
import { notification } from './feedback';
import { clearToken, getToken, setToken } from './token';

/**
 * The query cache and its helpers, loaded on first use: the login page never needs them (its first-load
 * budget, issue 9), every page behind it does.
 */
const queries = () => Promise.all([import('./queryClient'), import('@/api/queries')]);

/** Fetch the current user (fresh, not from cache) and remember it with its role. */
export async function loadUserInfo(): Promise<UserInfo> {
  const [{ queryClient }, { endpointQuery }] = await queries();
  const info = await queryClient.fetchQuery({ ...endpointQuery(userApi.info, {}), staleTime: 0 });
  useUserStore.getState().setInfo(info);
  return info;
}

let ending = false;

/**
 * True from the moment logout starts until the next login. Whatever reacts to events on its own (the
 * live channel dropping when the server ends the session) must not fetch then: the call would go out
 * with the ending session's token, and its refusal would greet the user on the login page.
 */
export const sessionEnding = () => ending;

/** A fresh login: keep the token, forget whatever belonged to the previous session in this tab. */
export async function startSession(token: string) {
  ending = false;
  setToken(token);
  useUserStore.getState().reset();
  useSettingsStore.getState().update({ serverMenu: [] });
  const [{ queryClient }] = await queries();
  queryClient.clear();
}

/**
 * Spec 4: logout calls the server, then always clears user info, token, tabs and server menu,
 * whatever the server answered (the session may already be dead).
 */
export async function logout(): Promise<void> {
  ending = true;
  const [{ queryClient }] = await queries();
  // Answers to calls made with the ending session would only report that it ended.
  await queryClient.cancelQueries();
  try {
    // Silent: logging out a session that is already dead is not an error.
    if (getToken()) await call(userApi.logout, {}, { silent: true });
  } catch {
    // Nothing to do: the local session ends either way.
  } finally {
    clearToken();
    useUserStore.getState().reset();
    useTabsStore.getState().reset();
    useSettingsStore.getState().update({ serverMenu: [] });
    // Not clear(): a page still on screen while the console leaves it would fetch its removed queries again,
    // now without a session (a refused call, a toast and the "logged out" dialog on the login page). Its
    // queries go when it unmounts, and the next login clears the cache (startSession).
    await queryClient.cancelQueries();
    queryClient.removeQueries({ predicate: (query) => query.getObserversCount() === 0 });
  }
}

const MENU_NOTICE = 'menuNotice';

/** Spec 8: the server menu loads with a loading notice, then a success or error notice. Never throws. */
export async function loadServerMenu(): Promise<MenuNode[]> {
  notification().info({ key: MENU_NOTICE, title: i18n.t('serverMenu.loading'), duration: 0 });
  try {
    const [{ queryClient }, { endpointQuery }] = await queries();
    const menu = await queryClient.fetchQuery({ ...endpointQuery(userApi.menu, {}), staleTime: 0 });
    useSettingsStore.getState().update({ serverMenu: menu });
    notification().success({ key: MENU_NOTICE, title: i18n.t('serverMenu.success') });
    return menu;
  } catch {
    notification().error({ key: MENU_NOTICE, title: i18n.t('serverMenu.error') });
    return [];
  }
}
