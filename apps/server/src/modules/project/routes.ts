import type { FastifyInstance } from 'fastify';
import { projectApi } from '@siteops/contracts/project/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
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
  routes(app, ctx, projectApi, {
    listAll: listProjects,
    detail: projectDetail,
    add: addProject,
    update: updateProject,
    delete: deleteProjects,
    // A project's managers and members: who is in it, who could join, adding and removing them.
    addManager,
    members: listMembers,
    candidates: listCandidates,
    addMembers,
    removeMembers,
  });
}
