import type { rolloutApi } from '@siteops/contracts/rollout/api';
import type { RolloutPreview } from '@siteops/contracts/rollout/schemas';
import type { Handler } from '../../http/endpoint.ts';
import { loadPackage } from './service.ts';
import { resolveTargets } from './targets.ts';

const PREVIEW_ROWS = 50;

/** The devices a rollout of this package to these targets would reach: how many, and the first rows. */
export const previewRollout: Handler<typeof rolloutApi.preview> = async (c, { packageId, targets }) => {
  const found = await resolveTargets(c.db, await loadPackage(c.db, packageId), targets);
  return { total: found.length, list: found.slice(0, PREVIEW_ROWS) as RolloutPreview['list'] };
};
