import type { FastifyInstance } from 'fastify';
import { upgradeApi } from '@siteops/contracts/upgrade/api';
import { rolloutApi } from '@siteops/contracts/rollout/api';
import type { ModuleContext } from '../../ports/context.ts';
import { route } from '../../http/endpoint.ts';
import { deleteUpgrades } from './delete.ts';
import { upgradeDetail } from './detail.ts';
import { downloadUpgrade } from './download.ts';
import { RolloutEngine, type RolloutEngineOptions } from './engine.ts';
import { fetchPackage } from './fetch.ts';
import { listUpgrades } from './listAll.ts';
import { cancel, pause, resume } from './rolloutActions.ts';
import { addRollout } from './rolloutAdd.ts';
import { rolloutDetailOf } from './rolloutDetail.ts';
import { listRolloutJobs } from './rolloutJobs.ts';
import { listAllRollouts } from './rolloutListAll.ts';
import { previewRollout } from './rolloutPreview.ts';
import { rolloutSignals } from './rolloutSignals.ts';
import { updateUpgrade } from './update.ts';
import { uploadPackage } from './upload.ts';

/**
 * /api/upgrade/*: firmware packages (admin only), and /api/rollout/*: create a rollout from a package
 * and targets, watch it, pause, resume, cancel (admin only, audited); one handler per declared
 * endpoint. The rollout engine runs with the app.
 */
export function registerUpgradeModule(app: FastifyInstance, ctx: ModuleContext, engineOptions?: RolloutEngineOptions) {
  route(app, ctx, upgradeApi.listAll, listUpgrades);
  route(app, ctx, upgradeApi.detail, upgradeDetail);
  route(app, ctx, upgradeApi.upload, uploadPackage);
  route(app, ctx, upgradeApi.update, updateUpgrade);
  route(app, ctx, upgradeApi.delete, deleteUpgrades);
  route(app, ctx, upgradeApi.download, downloadUpgrade);
  route(app, ctx, upgradeApi.fetch, fetchPackage);

  const changed = rolloutSignals(ctx);
  route(app, ctx, rolloutApi.preview, previewRollout);
  route(app, ctx, rolloutApi.add, addRollout(changed));
  route(app, ctx, rolloutApi.listAll, listAllRollouts);
  route(app, ctx, rolloutApi.detail, rolloutDetailOf);
  route(app, ctx, rolloutApi.jobs, listRolloutJobs);
  route(app, ctx, rolloutApi.pause, pause(changed));
  route(app, ctx, rolloutApi.resume, resume(changed));
  route(app, ctx, rolloutApi.cancel, cancel(changed));

  const engine = new RolloutEngine(ctx, app.log.child({ module: 'rollout' }), engineOptions);
  engine.onChange = (ids) => ids.forEach(changed);
  engine.start();
  app.addHook('preClose', () => engine.stop());
  return engine;
}
