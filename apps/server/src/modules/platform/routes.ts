import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app/context.ts';
import { registerAddPlatform } from './add.ts';
import { registerDeletePlatform } from './delete.ts';
import { registerPlatformDetail } from './detail.ts';
import { registerListPlatforms } from './listAll.ts';
import { registerUpdatePlatform } from './update.ts';

/** /api/platform/*: the platforms a licence may grant (admin only). */
export function registerPlatformModule(app: FastifyInstance, ctx: ModuleContext) {
  registerListPlatforms(app, ctx);
  registerPlatformDetail(app, ctx);
  registerAddPlatform(app, ctx);
  registerUpdatePlatform(app, ctx);
  registerDeletePlatform(app, ctx);
}
