import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { createdAnswer, deletedAnswer, idsBody } from '../shared/pagination.ts';
import { addSavedViewBody, savedViewItem, savedViewListQuery, updateSavedViewBody } from './schemas.ts';

/**
 * /api/savedView/*: saved views of the console's lists (issue 33). Every user keeps its own; a view
 * shared with a project is seen by the users whose scope holds that project, one shared with an agent
 * by that agent's users (and whoever's scope holds the agent). Only the owner changes a view; the owner
 * or an admin deletes it. Anything the caller may not see answers 404.
 */
export const savedViewApi = defineEndpoints('savedView', {
  list: {
    method: 'GET',
    path: '/api/savedView/list',
    access: 'session',
    summary: "The caller's saved views of one list, then those shared with it, by name",
    query: savedViewListQuery,
    answer: z.array(savedViewItem),
  },
  add: {
    method: 'POST',
    path: '/api/savedView/add',
    access: 'session',
    summary: 'Save a view of a list under a name (409 when the caller has one of that name), private or shared',
    body: addSavedViewBody,
    answer: createdAnswer,
    message: 'Save Success',
    errors: [404, 409],
  },
  update: {
    method: 'PUT',
    path: '/api/savedView/update',
    access: 'session',
    summary: "Rename or re-share one of the caller's own views, and with `state` overwrite what it shows",
    body: updateSavedViewBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404, 409],
    resource: 'savedView',
  },
  delete: {
    method: 'DELETE',
    path: '/api/savedView/delete',
    access: 'session',
    summary: "Delete saved views ({ ids }): the caller's own, or any as an admin; all or none",
    body: idsBody,
    answer: deletedAnswer,
    message: 'Delete Success',
    errors: [404],
    resource: 'savedView',
  },
});
