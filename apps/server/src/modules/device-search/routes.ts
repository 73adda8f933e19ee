import type { FastifyInstance } from 'fastify';
import { deviceSearchApi } from '@siteops/contracts/device-search/api';
import type { ModuleContext } from '../../ports/context.ts';
import { route } from '../../http/endpoint.ts';
import { catalogue } from './catalogue.ts';
import { exportSearch } from './export.ts';
import { searchPage } from './search.ts';

/** /api/deviceSearch/*: telemetry and event search, its export, and the device-type catalogue, in scope. */
export function registerDeviceSearchModule(app: FastifyInstance, ctx: ModuleContext) {
  route(app, ctx, deviceSearchApi.listAll, ({ db, caller }, q) => searchPage(db, caller, q));
  route(app, ctx, deviceSearchApi.export, exportSearch);
  route(app, ctx, deviceSearchApi.catalogue, ({ db, caller }) => catalogue(db, caller));
}
