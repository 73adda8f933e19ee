import type { deviceApi } from '@siteops/contracts/device/api';
import type { Handler } from '../../http/endpoint.ts';
import { itemOf } from '../../core/list.ts';
import { loadDeviceInScope, toDeviceItems } from './service.ts';

/** One device in the caller's scope (404 outside it), as its list row. */
export const deviceDetail: Handler<typeof deviceApi.detail> = async ({ db, caller }, { id }) =>
  itemOf(await loadDeviceInScope(db, caller, id), (rows) => toDeviceItems(db, rows));
