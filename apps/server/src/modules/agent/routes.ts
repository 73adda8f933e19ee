import type { FastifyInstance } from 'fastify';
import { agentApi } from '@siteops/contracts/agent/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { addAgent } from './add.ts';
import { deleteAgents } from './delete.ts';
import { agentDetail } from './detail.ts';
import { listAgents } from './listAll.ts';
import { updateAgent } from './update.ts';

/** /api/agent/*: agents (resellers) and their admin users; one handler per declared endpoint. */
export function registerAgentModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, agentApi, {
    listAll: listAgents,
    detail: agentDetail,
    add: addAgent,
    update: updateAgent,
    delete: deleteAgents,
  });
}
