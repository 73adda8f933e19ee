import type { ReactNode } from 'react';
import type { RouteRole } from '@siteops/contracts/roles';
import { usePermission } from '@/hooks/usePermission';

/**
 * Renders its children only for the listed roles (spec 6); an empty list shows them to everyone.
 * Cosmetic only: the server checks every call.
 */
export function Permission({ roles, children }: { roles: readonly RouteRole[]; children: ReactNode }) {
  return usePermission(roles) ? children : null;
}
