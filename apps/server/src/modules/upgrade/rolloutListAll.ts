import type { rolloutApi } from '@siteops/contracts/rollout/api';
import type { Handler } from '../../http/endpoint.ts';
import { inSnapshot } from '../../db/snapshot.ts';
import { listRollouts } from './rolloutView.ts';

/**
 * Rollouts, newest first, of one package or status; paged. One snapshot: the rows and their jobs' counts
 * are two reads, and a cancel closes a rollout and cancels its jobs in one transaction.
 */
export const listAllRollouts: Handler<typeof rolloutApi.listAll> = async (c, q) =>
  inSnapshot(c.db, (db) => listRollouts(db, q));
