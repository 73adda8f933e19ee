import type { upgradeApi } from '@siteops/contracts/upgrade/api';
import type { Handler } from '../../http/endpoint.ts';
import { sendPackage } from './send.ts';
import { loadUpgrade } from './service.ts';

/** An admin downloads a package's file (ranges honoured). */
export const downloadUpgrade: Handler<typeof upgradeApi.download> = async (c, { id }) =>
  sendPackage(c.request, c.reply, c.storage, await loadUpgrade(c.db, id));
