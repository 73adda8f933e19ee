import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { createdAnswer, deletedAnswer, idQuery, idsBody, pageOf } from '../shared/pagination.ts';
import {
  addManagerBody,
  addProjectBody,
  projectCandidateItem,
  projectCandidatesQuery,
  projectItem,
  projectListQuery,
  projectMemberItem,
  projectMembersBody,
  projectMembersQuery,
  updateProjectBody,
} from './schemas.ts';

/**
 * /api/project/*: projects, their managers and personnel. A manager sees and edits only the projects
 * it manages (scope rule); people come only from the project's own agent. Endpoints keyed by
 * `projectId` answer 404 for a project outside the caller's scope too.
 */
export const projectApi = defineEndpoints('project', {
  listAll: {
    method: 'GET',
    path: '/api/project/listAll',
    // Agents read their agent's projects (to divide devices into them); the pages stay admin/manager.
    access: ['admin', 'manager', 'agent'],
    summary:
      "Projects in the caller's scope (a manager: those it manages; an agent: its agent's), filtered, sorted and paged",
    query: projectListQuery,
    answer: pageOf(projectItem),
  },
  detail: {
    method: 'GET',
    path: '/api/project/detail',
    access: ['admin', 'manager'],
    summary: "One project in the caller's scope, with its managers",
    query: idQuery,
    answer: projectItem,
    errors: [404],
    resource: 'project',
  },
  add: {
    method: 'POST',
    path: '/api/project/add',
    access: ['admin'],
    summary: 'Create a project (unique code)',
    body: addProjectBody,
    answer: createdAnswer,
    message: 'Save Success',
    errors: [409],
  },
  update: {
    method: 'PUT',
    path: '/api/project/update',
    access: ['admin', 'manager'],
    summary: "Update a project in the caller's scope (only the fields sent)",
    body: updateProjectBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404, 409],
    resource: 'project',
  },
  delete: {
    method: 'DELETE',
    path: '/api/project/delete',
    access: ['admin'],
    summary: 'Delete projects ({ ids }); refused with 409 while members (or devices) still belong',
    body: idsBody,
    answer: deletedAnswer,
    message: 'Delete Success',
    errors: [404, 409],
    resource: 'project',
  },
  addManager: {
    method: 'POST',
    path: '/api/project/addManager',
    access: ['admin'],
    summary: 'Make a user with role manager a manager of the project',
    body: addManagerBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404],
  },
  members: {
    method: 'GET',
    path: '/api/project/members',
    access: ['admin', 'manager'],
    summary: 'Project personnel (managers first), paged, with a keyword on account or real name',
    query: projectMembersQuery,
    answer: pageOf(projectMemberItem),
    errors: [404],
  },
  candidates: {
    method: 'GET',
    path: '/api/project/candidates',
    access: ['admin', 'manager'],
    summary:
      "Users who could join the project: its agent's people not in it yet (purpose=manager: role manager, not yet managing it)",
    query: projectCandidatesQuery,
    answer: pageOf(projectCandidateItem),
    errors: [404],
  },
  addMembers: {
    method: 'POST',
    path: '/api/project/addMembers',
    access: ['admin', 'manager'],
    summary: "Add users of the project's agent as members (already-members are left as they are)",
    body: projectMembersBody,
    answer: z.object({ added: z.number() }),
    message: 'Save Success',
    errors: [404],
  },
  removeMembers: {
    method: 'POST',
    path: '/api/project/removeMembers',
    access: ['admin', 'manager'],
    summary: 'Remove members from the project, all or none; removing a manager is for admins only (403)',
    body: projectMembersBody,
    answer: z.object({ removed: z.number() }),
    message: 'Save Success',
    errors: [403, 404, 409],
  },
});
