import { defineEndpoints } from '../shared/endpoint.ts';
import { DEVICE_SCOPE_ROLES } from '../shared/roles.ts';
import { complianceExportQuery, complianceQuery, complianceReport } from './compliance.ts';

/**
 * /api/alarm/compliance*: a project's compliance report of one month (issue 32), for a project in the
 * caller's scope (admins every project, agents their agent's, managers theirs); another answers 404.
 */
export const alarmComplianceApi = defineEndpoints('alarm', {
  compliance: {
    method: 'GET',
    path: '/api/alarm/compliance',
    access: DEVICE_SCOPE_ROLES,
    summary:
      'A project’s compliance report of a month (?projectId=&month=YYYY-MM): per dust monitor the exceedance hours of each pollutant against its limit, the day and night noise Leq of each day against GB 12523-2011 (or the project’s rules), the monitor’s own HJ 212 minute/hour/day figures, and the readings left out for their data flag',
    query: complianceQuery,
    answer: complianceReport,
    errors: [404],
  },
  complianceExport: {
    method: 'GET',
    path: '/api/alarm/compliance/export',
    access: DEVICE_SCOPE_ROLES,
    summary: 'The compliance report of a month as an xlsx in the requester’s language (?lang=)',
    query: complianceExportQuery,
    kind: 'download',
    errors: [404],
  },
});
