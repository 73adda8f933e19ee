import type { alarmComplianceApi } from '@siteops/contracts/alarm/api';
import type { Handler } from '../../http/endpoint.ts';
import { complianceReportOf } from './complianceReport.ts';

/**
 * A project's compliance report of one month (issue 32): exceedance hours per pollutant and monitor,
 * day and night noise Leq per day, the monitors' own HJ 212 figures, the readings left out for their
 * data flag. A project outside the caller's scope answers 404.
 */
export const complianceReport: Handler<typeof alarmComplianceApi.compliance> = (c, q) =>
  complianceReportOf(c.db, c.caller, q, c.config.deviceLink.telemetryRetentionDays);
