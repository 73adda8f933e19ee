import { HOME_PATH, LOGIN_NAME, LOGIN_PATH, NOT_FOUND_NAME, pathOf } from './routeMeta';

/** Spec 2: the login URL carries the target route's name in `redirect`, followed by the target's own query. */
export function loginHref(targetName: string | undefined, query: Readonly<Record<string, string>> = {}): string {
  const params = new URLSearchParams();
  if (targetName && targetName !== LOGIN_NAME) params.set('redirect', targetName);
  for (const [key, value] of Object.entries(query)) if (key !== 'redirect') params.append(key, value);
  const search = params.toString();
  return search ? `${LOGIN_PATH}?${search}` : LOGIN_PATH;
}

/** Where to land after logging in: the named route with the rest of the query, else the workplace. */
export function targetAfterLogin(search: string): string {
  const params = new URLSearchParams(search);
  const name = params.get('redirect');
  params.delete('redirect');
  const path = name && name !== LOGIN_NAME && name !== NOT_FOUND_NAME ? pathOf(name) : undefined;
  if (!path) return HOME_PATH;
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}
