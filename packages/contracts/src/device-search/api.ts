import { defineEndpoints } from '../shared/endpoint.ts';
import { catalogueAnswer, searchExportQuery, searchPageAnswer, searchQuery } from './schemas.ts';
import { DEVICE_SCOPE_ROLES } from '../shared/roles.ts';

/**
 * /api/deviceSearch/*: telemetry and event search across devices and the device-type catalogue, in the
 * caller's device scope (admin all, agent its agent's, manager its projects'); others' devices never appear.
 */
export const deviceSearchApi = defineEndpoints('deviceSearch', {
  listAll: {
    method: 'GET',
    path: '/api/deviceSearch/listAll',
    access: DEVICE_SCOPE_ROLES,
    summary: 'Telemetry readings and events of the devices in scope, filtered, sorted and paged',
    description:
      'A time range (from, to; at most 31 days) is required. `field` with `above` and/or `below` keeps rows whose numeric `data[field]` is strictly inside the bounds. The total is counted up to 10,000 rows; past that it is 10,000 and `totalCapped` is true. Newest first (the default order), `next` is the cursor of the following page: sent back as `after`, that page starts after this one’s last row instead of skipping rows, which stays cheap however deep the page.',
    query: searchQuery,
    answer: searchPageAnswer,
  },
  export: {
    method: 'GET',
    path: '/api/deviceSearch/export',
    access: DEVICE_SCOPE_ROLES,
    summary: 'The rows listAll’s filters match, newest first, as a streamed xlsx (at most 100,000 rows)',
    query: searchExportQuery,
    kind: 'download',
  },
  catalogue: {
    method: 'GET',
    path: '/api/deviceSearch/catalogue',
    access: DEVICE_SCOPE_ROLES,
    summary: 'Per device type: online, offline, unknown and unauthorised counts in scope and its latest alarms',
    answer: catalogueAnswer,
  },
});
