import type { QueryKey } from '@tanstack/react-query';
import type { Endpoint } from '@siteops/contracts/shared/endpoint';

/**
 * Query keys come from the declaration: `[module, operation, input]`. Invalidating `[module]` refreshes
 * everything a module's mutation can have changed. Its own file, free of the HTTP client, so caches
 * can be addressed (live updates, tests) without loading the client and its i18n.
 */
export function keyOf(endpoint: Endpoint, input?: unknown): QueryKey {
  return input === undefined ? [endpoint.module, endpoint.operation] : [endpoint.module, endpoint.operation, input];
}
