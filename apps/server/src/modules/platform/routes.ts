import type { FastifyInstance } from 'fastify';
import { platformApi } from '@siteops/contracts/platform/api';
import type { ModuleContext } from '../../ports/context.ts';
import { route } from '../../http/endpoint.ts';
import { addPlatform } from './add.ts';
import { deletePlatforms } from './delete.ts';
import { platformDetail } from './detail.ts';
import { listPlatforms } from './listAll.ts';
import { updatePlatform } from './update.ts';

/** /api/platform/*: the platforms a licence may grant (admin only); one handler per declared endpoint. */
export function registerPlatformModule(app: FastifyInstance, ctx: ModuleContext) {
  route(app, ctx, platformApi.listAll, listPlatforms);
  route(app, ctx, platformApi.detail, platformDetail);
  route(app, ctx, platformApi.add, addPlatform);
  route(app, ctx, platformApi.update, updatePlatform);
  route(app, ctx, platformApi.delete, deletePlatforms);
}
