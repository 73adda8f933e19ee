import type { FastifyInstance } from 'fastify';
import { upgradeApi } from '@siteops/contracts/upgrade/api';
import { rolloutApi } from '@siteops/contracts/rollout/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
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
  routes(app, ctx, upgradeApi, {
    listAll: listUpgrades,
    detail: upgradeDetail,
    upload: uploadPackage,
    update: updateUpgrade,
    delete: deleteUpgrades,
    download: downloadUpgrade,
    fetch: fetchPackage,
  });

  const changed = rolloutSignals(ctx);
  routes(app, ctx, rolloutApi, {
    preview: previewRollout,
    add: addRollout(changed),
    listAll: listAllRollouts,
    detail: rolloutDetailOf,
    jobs: listRolloutJobs,
    pause: pause(changed),
    resume: resume(changed),
    cancel: cancel(changed),
  });

  const engine = new RolloutEngine(ctx, app.log.child({ module: 'rollout' }), engineOptions);
  engine.onChange = (ids) => ids.forEach(changed);
  engine.start();
  app.addHook('preClose', () => engine.stop());
  return engine;
}
