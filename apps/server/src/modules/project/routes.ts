import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app/context.ts';
import { registerAddProject } from './add.ts';
import { registerAddManager } from './addManager.ts';
import { registerAddMembers } from './addMembers.ts';
import { registerCandidates } from './candidates.ts';
import { registerDeleteProject } from './delete.ts';
import { registerProjectDetail } from './detail.ts';
import { registerListProjects } from './listAll.ts';
import { registerMembers } from './members.ts';
import { registerRemoveMembers } from './removeMembers.ts';
import { registerUpdateProject } from './update.ts';

/**
 * /api/project/*: projects, their managers and personnel. A manager sees and edits only the
 * projects it manages (scope rule); people come only from the project's own agent.
 */
export function registerProjectModule(app: FastifyInstance, ctx: ModuleContext) {
  registerListProjects(app, ctx);
  registerProjectDetail(app, ctx);
  registerAddProject(app, ctx);
  registerUpdateProject(app, ctx);
  registerDeleteProject(app, ctx);
  registerAddManager(app, ctx);
  registerMembers(app, ctx);
  registerCandidates(app, ctx);
  registerAddMembers(app, ctx);
  registerRemoveMembers(app, ctx);
}
