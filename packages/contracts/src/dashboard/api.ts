import { defineEndpoints } from '../shared/endpoint.ts';
import { fleetFigures, fleetQuery } from './schemas.ts';

/** /api/dashboard/*: the Workplace's figures, in the caller's scope. */
export const dashboardApi = defineEndpoints('dashboard', {
  fleet: {
    method: 'GET',
    path: '/api/dashboard/fleet',
    access: 'session',
    summary: 'Fleet figures in the caller’s scope: devices by state and type, projects, agents, events today',
    description:
      'Counted in SQL over the devices the caller may list (admin all, agent its agent’s, manager its projects’, user none). Refetch when the live topic `fleet` delivers.',
    query: fleetQuery,
    answer: fleetFigures,
  },
});
