import { API_PREFIX } from '@siteops/contracts/shared/endpoint';

/** An address under the API prefix, as every declared endpoint's path is typed. */
export type ApiUrl = `${typeof API_PREFIX}/${string}`;

/**
 * An address under the API prefix that no endpoint declares, or one no declaration can make (a path
 * traversal, an escape that cannot be decoded), built on purpose: a test of the server's unknown-route 404
 * or of its refusal of a malformed address. `rest` goes as written, nothing encoded. A declared endpoint's
 * address comes from its declaration (urlOf, injectOf, the typed client), never from here.
 */
export function undeclaredUrl(rest: string): ApiUrl {
  return `${API_PREFIX}/${rest}`;
}

/**
 * The server's health check: registered by hand (http/health.ts), not a declared endpoint, so its path is
 * written here once.
 */
export const HEALTH_URL = undeclaredUrl('health');

/** The OpenAPI document (generated from the declarations, served by @fastify/swagger): not a declared endpoint. */
export const OPENAPI_URL = undeclaredUrl('docs/json');
