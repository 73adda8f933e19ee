import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleAllowed, type Role } from '@siteops/contracts/shared/roles';
import type { Db } from '../db/client.ts';
import { forbidden, mustChangePassword } from '../core/errors.ts';
import type { ApiRateLimiter } from './apiRate.ts';
import type { SessionCache } from './sessionCache.ts';
import { resolveSession, type AuthContext, type SessionPolicy } from './sessions.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, health, docs). */
    public?: boolean;
    /** Roles that may call it; absent means any logged-in user. */
    roles?: readonly Role[];
    /** Still callable while the user must change a reset password. */
    allowPendingPasswordChange?: boolean;
  }
  interface FastifyRequest {
    auth?: AuthContext;
  }
  interface FastifyInstance {
    /** Live sessions by token (decision 0016); writes that could end or change one call `forgetAll()`. */
    sessionCache?: SessionCache;
  }
}

/**
 * The one authentication and role check of the API: every `/api` route needs a live session unless
 * it says `public`, and its `roles` are enforced here, never by the console hiding a button. A signed-in
 * user's calls are counted against the per-user rate here too, before anything is read or written.
 */
export function installAuthGuard(
  app: FastifyInstance,
  db: Db,
  policy: SessionPolicy,
  cache?: SessionCache,
  rate?: ApiRateLimiter,
) {
  if (cache) app.decorate('sessionCache', cache);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const config = request.routeOptions.config;
    if (config.public) return;
    request.auth = await resolveSession(db, policy, request.headers.authorization, cache);
    const { user } = request.auth;
    rate?.take(user.id);
    if (config.roles && !roleAllowed(user.role as Role, config.roles)) throw forbidden();
    if (user.mustChangePassword && !config.allowPendingPasswordChange) {
      throw mustChangePassword();
    }
  });
}

/** The caller of a guarded route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('authOf() used on a public route');
  return request.auth;
}
