import type { platformApi } from '@siteops/contracts/platform/api';
import type { Handler } from '../../http/endpoint.ts';
import { loadPlatform, toPlatformItem } from './service.ts';

/** One platform (404 when missing). */
export const platformDetail: Handler<typeof platformApi.detail> = async (c, { id }) =>
  toPlatformItem(await loadPlatform(c.db, id));
