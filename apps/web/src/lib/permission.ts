import { roleAllowed, type Role, type RouteRole } from '@siteops/contracts/shared/roles';

/**
 * Spec 6 element-hiding rule: an element is kept only if the user's role is in its list; an empty
 * list (or `*`) keeps it for everyone. A missing list is a programming error, as in the original.
 * Hiding is cosmetic: the server checks every call.
 */
export function hasPermission(role: Role | undefined, roles: readonly RouteRole[] | undefined): boolean {
  if (!Array.isArray(roles)) throw new Error('need roles');
  return roleAllowed(role, roles);
}
