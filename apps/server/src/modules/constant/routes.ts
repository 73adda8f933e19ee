import type { FastifyInstance } from 'fastify';
import { constantApi } from '@siteops/contracts/constant/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
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
  routes(app, ctx, constantApi, {
    listAll: listConstants,
    detail: constantDetail,
    add: addConstant,
    update: updateConstant,
    delete: deleteConstants,
  });
}
