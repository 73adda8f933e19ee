import type { broadcastApi } from '@siteops/contracts/broadcast/api';
import type { Handler } from '../../http/endpoint.ts';
import { loadCampaign } from './campaigns.ts';
import { campaignRuns } from './view.ts';

/** A campaign's runs, in the reader's language (404 outside the caller's scope). */
export const listRuns: Handler<typeof broadcastApi.runs> = async (c, { id }) => {
  await loadCampaign(c.db, c.caller, id);
  return { list: await campaignRuns(c.db, id, c.lang) };
};
