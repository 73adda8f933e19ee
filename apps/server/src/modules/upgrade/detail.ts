import type { upgradeApi } from '@siteops/contracts/upgrade/api';
import type { Handler } from '../../http/endpoint.ts';
import { loadUpgrade } from './service.ts';
import { toUpgradeItem } from './view.ts';

/** One package (404 when missing). */
export const upgradeDetail: Handler<typeof upgradeApi.detail> = async (c, { id }) =>
  toUpgradeItem(await loadUpgrade(c.db, id));
