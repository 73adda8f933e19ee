import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app/context.ts';
import { registerAddAgent } from './add.ts';
import { registerDeleteAgent } from './delete.ts';
import { registerAgentDetail } from './detail.ts';
import { registerListAgents } from './listAll.ts';
import { registerUpdateAgent } from './update.ts';

/** /api/agent/*: agents (resellers) and their admin users. */
export function registerAgentModule(app: FastifyInstance, ctx: ModuleContext) {
  registerListAgents(app, ctx);
  registerAgentDetail(app, ctx);
  registerAddAgent(app, ctx);
  registerUpdateAgent(app, ctx);
  registerDeleteAgent(app, ctx);
}
