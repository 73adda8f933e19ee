import type { rolloutApi } from '@siteops/contracts/rollout/api';
import type { Handler } from '../../http/endpoint.ts';
import { inSnapshot } from '../../db/snapshot.ts';
import { rolloutDetail } from './rolloutView.ts';

/**
 * One rollout with its counts per group (404 when missing). One snapshot: the rollout's row and its jobs'
 * counts are two reads, and a cancel closes the rollout and cancels its jobs in one transaction.
 */
export const rolloutDetailOf: Handler<typeof rolloutApi.detail> = async (c, { id }) =>
  inSnapshot(c.db, (db) => rolloutDetail(db, id));
