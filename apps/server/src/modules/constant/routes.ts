import type { FastifyInstance } from 'fastify';
import { constantApi } from '@siteops/contracts/constant/api';
import type { ModuleContext } from '../../ports/context.ts';
import { route } from '../../http/endpoint.ts';
import { addConstant } from './add.ts';
import { deleteConstants } from './delete.ts';
import { constantDetail } from './detail.ts';
import { listConstants } from './listAll.ts';
import { updateConstant } from './update.ts';

/**
 * /api/constant/*: system constants (admin); one handler per declared endpoint. Every write drops
 * this instance's constant cache.
 */
export function registerConstantModule(app: FastifyInstance, ctx: ModuleContext) {
  route(app, ctx, constantApi.listAll, listConstants);
  route(app, ctx, constantApi.detail, constantDetail);
  route(app, ctx, constantApi.add, addConstant);
  route(app, ctx, constantApi.update, updateConstant);
  route(app, ctx, constantApi.delete, deleteConstants);
}
