import { defineEndpoints } from '../shared/endpoint.ts';
import { analyticsAnswer, analyticsExportQuery, analyticsQuery } from './schemas.ts';
import { DEVICE_SCOPE_ROLES } from '../shared/roles.ts';

/**
 * /api/analytics/*: fleet analytics aggregated in SQL per time bucket, in the caller's device scope
 * (admin all, agent its agent's, manager its projects'); others' devices never count.
 */
export const analyticsApi = defineEndpoints('analytics', {
  fleet: {
    method: 'GET',
    path: '/api/analytics/fleet',
    access: DEVICE_SCOPE_ROLES,
    summary:
      'Dust, lifting, pass, event and online-rate series per hour or day, and uptime, over a range of at most 31 days',
    query: analyticsQuery,
    answer: analyticsAnswer,
  },
  export: {
    method: 'GET',
    path: '/api/analytics/export',
    access: DEVICE_SCOPE_ROLES,
    summary: 'One chart’s series (dust, lifting, passes, events or online rate) as an xlsx',
    query: analyticsExportQuery,
    kind: 'download',
  },
});
