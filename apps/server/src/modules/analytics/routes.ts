import type { FastifyInstance } from 'fastify';
import { analyticsApi } from '@siteops/contracts/analytics/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { exportAnalytics } from './export.ts';
import { fleet } from './fleet.ts';
import { startRollupJobs } from './jobs.ts';

/** /api/analytics/*: fleet analytics per time bucket and one chart's data as xlsx, in scope; the
 * rollup's jobs. */
export function registerAnalyticsModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, analyticsApi, {
    fleet: ({ db, caller }, q) => fleet(db, caller, q),
    export: exportAnalytics,
  });
  const stopJobs = startRollupJobs(ctx, app.log);
  app.addHook('preClose', () => stopJobs());
}
