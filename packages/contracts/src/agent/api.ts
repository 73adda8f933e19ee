import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { deletedAnswer, idQuery, idsBody, pageOf } from '../shared/pagination.ts';
import { addAgentBody, agentItem, agentListQuery, updateAgentBody } from './schemas.ts';
import { oneTimePasswordAnswer } from '../user/password.ts';

/** /api/agent/*: agents (resellers) and their admin users. */
export const agentApi = defineEndpoints('agent', {
  listAll: {
    method: 'GET',
    path: '/api/agent/listAll',
    access: ['admin', 'agent'],
    summary: "Agents in the caller's scope (an agent sees its own), filtered, sorted and paged",
    query: agentListQuery,
    answer: pageOf(agentItem),
  },
  detail: {
    method: 'GET',
    path: '/api/agent/detail',
    access: ['admin', 'agent'],
    summary: "One agent in the caller's scope, with its admin user",
    query: idQuery,
    answer: agentItem,
    errors: [404],
    resource: 'agent',
  },
  add: {
    method: 'POST',
    path: '/api/agent/add',
    access: ['admin'],
    summary:
      'Create an agent and its admin user together (all or nothing); without a password the user gets a one-time one, answered only here',
    body: addAgentBody,
    answer: z.object({ id: z.number(), userId: z.number(), ...oneTimePasswordAnswer.partial().shape }),
    message: 'Save Success',
    errors: [409],
  },
  update: {
    method: 'PUT',
    path: '/api/agent/update',
    access: ['admin', 'agent'],
    summary: 'Update an agent and optionally its admin user; invalid or expired ends its users’ sessions',
    body: updateAgentBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404, 409],
    resource: 'agent',
  },
  delete: {
    method: 'DELETE',
    path: '/api/agent/delete',
    access: ['admin'],
    summary: 'Delete agents ({ ids }) with their admin users; refused while users or projects belong',
    body: idsBody,
    answer: deletedAnswer,
    message: 'Delete Success',
    errors: [404, 409],
    resource: 'agent',
  },
});
