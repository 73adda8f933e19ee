import type { broadcastApi } from '@siteops/contracts/broadcast/api';
import type { Handler } from '../../http/endpoint.ts';
import { inSnapshot } from '../../db/snapshot.ts';
import { campaignItem } from './view.ts';

/** One campaign in the caller's scope (404 outside it). */
export const campaignDetail: Handler<typeof broadcastApi.detail> = async (c, { id }) =>
  inSnapshot(c.db, (db) => campaignItem(db, c.caller, id));
