import type { FastifyInstance } from 'fastify';
import { savedViewApi } from '@siteops/contracts/saved-view/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { addSavedView } from './add.ts';
import { deleteSavedViews } from './delete.ts';
import { listSavedViews } from './list.ts';
import { updateSavedView } from './update.ts';

/**
 * /api/savedView/* (declared in contracts' `saved-view/api.ts`); one handler per declared endpoint.
 * Who sees a view is `visibleTo` (service.ts), built on the one scope rule.
 */
export function registerSavedViewModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, savedViewApi, {
    list: listSavedViews,
    add: addSavedView,
    update: updateSavedView,
    delete: deleteSavedViews,
  });
}
