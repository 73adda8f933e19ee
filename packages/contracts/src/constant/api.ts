import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { createdAnswer, deletedAnswer, idQuery, idsBody, pageOf } from '../shared/pagination.ts';
import { addConstantBody, constantItem, constantListQuery, updateConstantBody } from './schemas.ts';

/** /api/constant/*: the key/value settings the server reads (admin only). */
export const constantApi = defineEndpoints('constant', {
  listAll: {
    method: 'GET',
    path: '/api/constant/listAll',
    access: ['admin'],
    summary: 'System constants, searched by key and value (contains), sorted and paged',
    query: constantListQuery,
    answer: pageOf(constantItem),
  },
  detail: {
    method: 'GET',
    path: '/api/constant/detail',
    access: ['admin'],
    summary: 'One system constant',
    query: idQuery,
    answer: constantItem,
    errors: [404],
    resource: 'constant',
  },
  add: {
    method: 'POST',
    path: '/api/constant/add',
    access: ['admin'],
    summary: 'Create a system constant (unique key, value up to 4 KB)',
    body: addConstantBody,
    answer: createdAnswer,
    message: 'Save Success',
    errors: [409],
  },
  update: {
    method: 'PUT',
    path: '/api/constant/update',
    access: ['admin'],
    summary: 'Update a system constant (only the fields sent)',
    body: updateConstantBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404, 409],
    resource: 'constant',
  },
  delete: {
    method: 'DELETE',
    path: '/api/constant/delete',
    access: ['admin'],
    summary: 'Delete system constants ({ ids }); all or none',
    body: idsBody,
    answer: deletedAnswer,
    message: 'Delete Success',
    errors: [404],
    resource: 'constant',
  },
});
