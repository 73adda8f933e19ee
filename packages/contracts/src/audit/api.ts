import { defineEndpoints } from '../shared/endpoint.ts';
import { pageOf } from '../shared/pagination.ts';
import { auditItem, auditListQuery } from './schemas.ts';

/** /api/audit/*: reading the audit log (every mutation writes it on the server; nothing writes it over HTTP). */
export const auditApi = defineEndpoints('audit', {
  listAll: {
    method: 'GET',
    path: '/api/audit/listAll',
    access: ['admin'],
    summary: 'The audit log, newest first, filtered by actor, action, target and time range, sorted and paged',
    query: auditListQuery,
    answer: pageOf(auditItem),
  },
});
