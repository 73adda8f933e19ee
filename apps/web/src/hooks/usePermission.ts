import type { RouteRole } from '@siteops/contracts/shared/roles';
import { hasPermission } from '@/lib/permission';
import { useUserStore } from '@/stores/user';

/** Spec 6 element-hiding rule for the current user; throws "need roles" without a list. */
export function usePermission(roles: readonly RouteRole[]): boolean {
  const role = useUserStore((s) => s.role);
  return hasPermission(role, roles);
}
