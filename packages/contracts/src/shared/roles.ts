/** The four roles of the product. `*` in a route means "any logged-in user". */
export const ROLES = ['admin', 'agent', 'manager', 'user'] as const;
export type Role = (typeof ROLES)[number];
export type RouteRole = Role | '*';

/**
 * The roles with a device scope: an admin every device, an agent its agent's, a manager its projects'
 * (issue 14). Broadcast, the reading search, the type catalogue and the analytics work in that scope;
 * the device registry pages stay admin/agent.
 */
export const DEVICE_SCOPE_ROLES = ['admin', 'agent', 'manager'] as const;

/** Whether a role may open something guarded by `allowed` (empty list or `*` allows every role). */
export function roleAllowed(role: Role | undefined, allowed: readonly RouteRole[]): boolean {
  if (allowed.length === 0 || allowed.includes('*')) return true;
  return role !== undefined && allowed.includes(role);
}
