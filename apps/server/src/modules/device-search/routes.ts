import type { FastifyInstance } from 'fastify';
import { deviceSearchApi } from '@siteops/contracts/device-search/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { catalogue } from './catalogue.ts';
import { exportSearch } from './export.ts';
import { searchPage } from './search.ts';

/** /api/deviceSearch/*: telemetry and event search, its export, and the device-type catalogue, in scope. */
export function registerDeviceSearchModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, deviceSearchApi, {
    listAll: ({ db, caller }, q) => searchPage(db, caller, q),
    export: exportSearch,
    catalogue: ({ db, caller }) => catalogue(db, caller),
  });
}
