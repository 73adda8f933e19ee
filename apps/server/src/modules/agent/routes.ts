import type { FastifyInstance } from 'fastify';
import { agentApi } from '@siteops/contracts/agent/api';
import type { ModuleContext } from '../../ports/context.ts';
import { route } from '../../http/endpoint.ts';
import { addAgent } from './add.ts';
import { deleteAgents } from './delete.ts';
import { agentDetail } from './detail.ts';
import { listAgents } from './listAll.ts';
import { updateAgent } from './update.ts';

/** /api/agent/*: agents (resellers) and their admin users; one handler per declared endpoint. */
export function registerAgentModule(app: FastifyInstance, ctx: ModuleContext) {
  route(app, ctx, agentApi.listAll, listAgents);
  route(app, ctx, agentApi.detail, agentDetail);
  route(app, ctx, agentApi.add, addAgent);
  route(app, ctx, agentApi.update, updateAgent);
  route(app, ctx, agentApi.delete, deleteAgents);
}
