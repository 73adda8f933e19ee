import type { FastifyInstance } from 'fastify';
import { platformApi } from '@siteops/contracts/platform/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { addPlatform } from './add.ts';
import { deletePlatforms } from './delete.ts';
import { platformDetail } from './detail.ts';
import { listPlatforms } from './listAll.ts';
import { updatePlatform } from './update.ts';

/** /api/platform/*: the platforms a licence may grant (admin only); one handler per declared endpoint. */
export function registerPlatformModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, platformApi, {
    listAll: listPlatforms,
    detail: platformDetail,
    add: addPlatform,
    update: updatePlatform,
    delete: deletePlatforms,
  });
}
