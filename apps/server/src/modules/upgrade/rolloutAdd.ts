import type { rolloutApi } from '@siteops/contracts/rollout/api';
import type { Handler } from '../../http/endpoint.ts';
import { badRequest } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { insertRollout } from './rollouts.ts';
import { rolloutDetail } from './rolloutView.ts';
import { loadPackage } from './service.ts';
import { resolveTargets } from './targets.ts';

/** A rollout of a package to the devices its targets resolve to now (400 when none), audited. */
export const addRollout =
  (changed: (id: number) => void): Handler<typeof rolloutApi.add> =>
  async (c, b) => {
    const pkg = await loadPackage(c.db, b.packageId);
    const found = await resolveTargets(c.db, pkg, b.targets);
    if (found.length === 0) throw badRequest(t('rollout.noDevices'), { targets: t('rollout.noDevices') });
    const id = await c.db.transaction(async (tx) => {
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
    return rolloutDetail(c.db, id);
  };
