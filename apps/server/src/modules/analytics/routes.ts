import type { FastifyInstance } from 'fastify';
import { analyticsApi } from '@siteops/contracts/analytics/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { inSnapshot } from '../../db/snapshot.ts';
import { exportAnalytics } from './export.ts';
import { fleet } from './fleet.ts';
import { startRollupJobs } from './jobs.ts';

/** /api/analytics/*: fleet analytics per time bucket and one chart's data as xlsx, in scope; the
 * rollup's jobs. */
export function registerAnalyticsModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, analyticsApi, {
    // One snapshot: the dirty hours decide where each hour is read (rollup or per device), and a batch of
    // readings and events (triggers mark its hours dirty) or a device moved commits with its marks.
    fleet: (c, q) => inSnapshot(c.db, (db) => fleet(db, c.caller, q)),
    export: exportAnalytics,
  });
  const stopJobs = startRollupJobs(ctx, app.log);
  app.addHook('preClose', () => stopJobs());
}
