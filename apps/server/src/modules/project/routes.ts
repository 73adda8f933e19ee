import type { FastifyInstance } from 'fastify';
import { projectApi } from '@siteops/contracts/project/api';
import type { ModuleContext } from '../../ports/context.ts';
import { route } from '../../http/endpoint.ts';
import { addProject } from './add.ts';
import { addManager } from './addManager.ts';
import { addMembers } from './addMembers.ts';
import { listCandidates } from './candidates.ts';
import { deleteProjects } from './delete.ts';
import { projectDetail } from './detail.ts';
import { listProjects } from './listAll.ts';
import { listMembers } from './members.ts';
import { removeMembers } from './removeMembers.ts';
import { updateProject } from './update.ts';

/**
 * /api/project/*: projects, their managers and personnel; one handler per declared endpoint. A
 * manager sees and edits only the projects it manages (scope rule); people come only from the
 * project's own agent.
 */
export function registerProjectModule(app: FastifyInstance, ctx: ModuleContext) {
  route(app, ctx, projectApi.listAll, listProjects);
  route(app, ctx, projectApi.detail, projectDetail);
  route(app, ctx, projectApi.add, addProject);
  route(app, ctx, projectApi.update, updateProject);
  route(app, ctx, projectApi.delete, deleteProjects);
  // A project's managers and members: who is in it, who could join, adding and removing them.
  route(app, ctx, projectApi.addManager, addManager);
  route(app, ctx, projectApi.members, listMembers);
  route(app, ctx, projectApi.candidates, listCandidates);
  route(app, ctx, projectApi.addMembers, addMembers);
  route(app, ctx, projectApi.removeMembers, removeMembers);
}
