import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { createdAnswer, deletedAnswer, idQuery, idsBody, pageOf } from '../shared/pagination.ts';
import { addPlatformBody, platformItem, platformListQuery, updatePlatformBody } from '../device/schemas.ts';

/** /api/platform/*: the platforms a licence may grant (admin only). */
export const platformApi = defineEndpoints('platform', {
  listAll: {
    method: 'GET',
    path: '/api/platform/listAll',
    access: ['admin'],
    summary: 'Authorisation platforms, filtered by name, sorted and paged; each says whether it expired',
    query: platformListQuery,
    answer: pageOf(platformItem),
  },
  detail: {
    method: 'GET',
    path: '/api/platform/detail',
    access: ['admin'],
    summary: 'One authorisation platform',
    query: idQuery,
    answer: platformItem,
    errors: [404],
    resource: 'platform',
  },
  add: {
    method: 'POST',
    path: '/api/platform/add',
    access: ['admin'],
    summary: 'Create an authorisation platform (unique name)',
    body: addPlatformBody,
    answer: createdAnswer,
    message: 'Save Success',
    errors: [409],
  },
  update: {
    method: 'PUT',
    path: '/api/platform/update',
    access: ['admin'],
    summary: 'Update an authorisation platform (only the fields sent)',
    body: updatePlatformBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404, 409],
    resource: 'platform',
  },
  delete: {
    method: 'DELETE',
    path: '/api/platform/delete',
    access: ['admin'],
    summary: 'Delete authorisation platforms ({ ids }), all or none',
    body: idsBody,
    answer: deletedAnswer,
    message: 'Delete Success',
    errors: [404],
    resource: 'platform',
  },
});
