import { defineEndpoints } from '../shared/endpoint.ts';
import { searchAnswer, searchQuery } from './schemas.ts';

/**
 * /api/search/*: the command palette's one search. Any signed-in user may ask; each kind is searched only
 * for a role whose menu holds its page, and only in that role's data scope, so a role finds only what it
 * may open.
 */
export const searchApi = defineEndpoints('search', {
  find: {
    method: 'GET',
    path: '/api/search/find',
    access: 'session',
    summary: 'Devices, projects and visitors by name or serial number, in the caller’s scope',
    query: searchQuery,
    answer: searchAnswer,
    readOnly: true,
  },
});
