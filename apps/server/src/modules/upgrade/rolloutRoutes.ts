import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rolloutApi } from '@siteops/contracts/rollout/api';
import type { RolloutPreview } from '@siteops/contracts/rollout/schemas';
import type { ModuleContext } from '../../ports/context.ts';
import { upgradePackages } from '../../db/schema/index.ts';
import { route, type HandlerContext } from '../../http/endpoint.ts';
import { badRequest, conflict, mustExist } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { cancelRollout, insertRollout, pauseRollout, resumeRollout } from './rollouts.ts';
import { listRollouts, rolloutDetail, rolloutJobs } from './rolloutView.ts';
import { resolveTargets } from './targets.ts';

const PREVIEW_ROWS = 50;

/** /api/rollout/*: create a rollout from a package and targets, watch it, pause, resume, cancel (admin only, audited). */
export function registerRolloutRoutes(app: FastifyInstance, ctx: ModuleContext, changed: (id: number) => void) {
  const { db } = ctx;
  const loadPackage = async (id: number) =>
    mustExist((await db.select().from(upgradePackages).where(eq(upgradePackages.id, id)))[0], 'Upgrade');

  route(app, ctx, rolloutApi.preview, async (_c, { packageId, targets }) => {
    const found = await resolveTargets(db, await loadPackage(packageId), targets);
    return { total: found.length, list: found.slice(0, PREVIEW_ROWS) as RolloutPreview['list'] };
  });

  route(app, ctx, rolloutApi.add, async (c, b) => {
    const pkg = await loadPackage(b.packageId);
    const found = await resolveTargets(db, pkg, b.targets);
    if (found.length === 0) throw badRequest(t('rollout.noDevices'), { targets: t('rollout.noDevices') });
    const id = await db.transaction(async (tx) => {
      const rolloutId = await insertRollout(tx, {
        packageId: pkg.id,
        devices: found.map((d) => ({ id: d.id, version: d.version })),
        targets: b.targets,
        groups: { mode: b.groupMode, size: b.groupSize },
        successThreshold: b.successThreshold,
        errorThreshold: b.errorThreshold,
        maxRetries: b.maxRetries,
        stepTimeoutS: b.stepTimeoutS,
        maxConcurrent: b.maxConcurrent,
        createdId: c.user.id,
      });
      const { targets, packageId, ...settings } = b;
      const detail = {
        packageId,
        fileName: pkg.fileName,
        fileVersion: pkg.fileVersion,
        devices: found.length,
        targets,
        ...settings,
      };
      await c.audit({ action: 'rollout.add', targetType: 'rollout', targetId: rolloutId, detail }, tx);
      return rolloutId;
    });
    changed(id);
    return rolloutDetail(db, id);
  });

  route(app, ctx, rolloutApi.listAll, async (_c, q) => listRollouts(db, q));
  route(app, ctx, rolloutApi.detail, async (_c, { id }) => rolloutDetail(db, id));
  route(app, ctx, rolloutApi.jobs, async (_c, q) => rolloutJobs(db, q));

  const action =
    (verb: 'pause' | 'resume' | 'cancel', run: typeof pauseRollout) =>
    async (c: HandlerContext, { id }: { id: number }) => {
      const before = await rolloutDetail(db, id);
      const done = await db.transaction(async (tx) => {
        if (!(await run(tx, id))) return false;
        await c.audit(
          { action: `rollout.${verb}`, targetType: 'rollout', targetId: id, detail: { fileName: before.fileName } },
          tx,
        );
        return true;
      });
      if (!done) {
        throw conflict(
          t('rollout.notOpen', {
            id,
            status: t(`rollout.status.${before.status}`),
            action: t(`rollout.action.${verb}`),
          }),
          { status: before.status },
        );
      }
      changed(id);
      return rolloutDetail(db, id);
    };
  route(app, ctx, rolloutApi.pause, action('pause', pauseRollout));
  route(app, ctx, rolloutApi.resume, action('resume', resumeRollout));
  route(app, ctx, rolloutApi.cancel, action('cancel', cancelRollout));
}
