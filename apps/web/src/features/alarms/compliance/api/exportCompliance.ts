import { alarmComplianceApi } from '@siteops/contracts/alarm/api';
import { useDownload } from '@/api/queries';

/** The compliance report as an xlsx (GET /api/alarm/compliance/export), saved as the server names it. */
export const useExportCompliance = () => useDownload(alarmComplianceApi.complianceExport, 'compliance.xlsx');
