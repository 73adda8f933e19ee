import type { FastifyInstance } from 'fastify';
import { searchApi } from '@siteops/contracts/search/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { find } from './find.ts';

/** /api/search/*: the command palette's scoped search over the records a role may open. */
export function registerSearchModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, searchApi, { find });
}
