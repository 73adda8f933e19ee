import { useMatches } from 'react-router';
import type { RouteMeta } from '@/lib/routeMeta';

/** Meta of the deepest matched route (every route of ours carries its meta as `handle`). */
export function useCurrentRoute(): RouteMeta | undefined {
  const matches = useMatches();
  return matches[matches.length - 1]?.handle as RouteMeta | undefined;
}
