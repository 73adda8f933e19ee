import type { rolloutApi } from '@siteops/contracts/rollout/api';
import type { Handler } from '../../http/endpoint.ts';
import { rolloutDetail } from './rolloutView.ts';

/** One rollout with its counts per group (404 when missing). */
export const rolloutDetailOf: Handler<typeof rolloutApi.detail> = async (c, { id }) => rolloutDetail(c.db, id);
