import type { rolloutApi } from '@siteops/contracts/rollout/api';
import type { Handler } from '../../http/endpoint.ts';
import { listRollouts } from './rolloutView.ts';

/** Rollouts, newest first, of one package or status; paged. */
export const listAllRollouts: Handler<typeof rolloutApi.listAll> = async (c, q) => listRollouts(c.db, q);
