import type { rolloutApi } from '@siteops/contracts/rollout/api';
import type { Handler } from '../../http/endpoint.ts';
import { rolloutJobs } from './rolloutView.ts';

/** A rollout's device jobs, by group, of one state or group; paged (404 for a missing rollout). */
export const listRolloutJobs: Handler<typeof rolloutApi.jobs> = async (c, q) => rolloutJobs(c.db, q);
