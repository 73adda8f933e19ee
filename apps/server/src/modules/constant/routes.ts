import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app/context.ts';
import { registerAddConstant } from './add.ts';
import { registerDeleteConstant } from './delete.ts';
import { registerConstantDetail } from './detail.ts';
import { registerListConstants } from './listAll.ts';
import { registerUpdateConstant } from './update.ts';

/** /api/constant/*: system constants (admin). */
export function registerConstantModule(app: FastifyInstance, ctx: ModuleContext) {
  registerListConstants(app, ctx);
  registerConstantDetail(app, ctx);
  registerAddConstant(app, ctx);
  registerUpdateConstant(app, ctx);
  registerDeleteConstant(app, ctx);
}
