import { labourApi } from '@siteops/contracts/labour/api';
import { useDownload } from '@/api/queries';

/** The month sheet as an xlsx (GET /api/labour/exportMonthSheet), saved as the server names it. */
export const useExportMonthSheet = () => useDownload(labourApi.exportMonthSheet, 'attendance.xlsx');
