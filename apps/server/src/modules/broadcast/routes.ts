import type { FastifyInstance } from 'fastify';
import { broadcastApi } from '@siteops/contracts/broadcast/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { cancel, pause, resume } from './actions.ts';
import { addCampaign } from './add.ts';
import { campaignDetail } from './detail.ts';
import { listCampaigns } from './listAll.ts';
import { campaignSignals } from './live.ts';
import { listRuns } from './runs.ts';
import { BroadcastScheduler, type BroadcastSchedulerOptions } from './scheduler.ts';
import { speakers } from './speakers.ts';

/**
 * /api/broadcast/*: broadcast campaigns to cloud speakers (issue 14); one handler per declared
 * endpoint. The scheduler runs with the app.
 */
export function registerBroadcastModule(app: FastifyInstance, ctx: ModuleContext, options?: BroadcastSchedulerOptions) {
  const changed = campaignSignals(ctx);
  routes(app, ctx, broadcastApi, {
    speakers,
    add: addCampaign,
    listAll: listCampaigns,
    detail: campaignDetail,
    runs: listRuns,
    pause: pause(changed),
    resume: resume(changed),
    cancel: cancel(changed),
  });

  const scheduler = new BroadcastScheduler(ctx, app.log.child({ module: 'broadcast' }), options);
  scheduler.onChange = changed;
  scheduler.start();
  app.addHook('preClose', () => scheduler.stop());
  return scheduler;
}
