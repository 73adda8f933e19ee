import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '@siteops/contracts/dashboard/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { fleetFigures } from './fleet.ts';

/** /api/dashboard/*: the Workplace's figures, each in the caller's scope. */
export function registerDashboardModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, dashboardApi, {
    fleet: (c, { since }) => fleetFigures(ctx.db, c.caller, since),
  });
}
