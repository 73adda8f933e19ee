import type { broadcastApi } from '@siteops/contracts/broadcast/api';
import type { Handler } from '../../http/endpoint.ts';
import { listSpeakers } from './campaigns.ts';

/** The cloud speakers in the caller's scope a campaign may target. */
export const speakers: Handler<typeof broadcastApi.speakers> = async (c) => ({
  list: await listSpeakers(c.db, c.caller),
});
