import { labourApi } from '@siteops/contracts/labour/api';
import { useDownload } from '@/api/queries';

/** A project’s workers as the roster xlsx (GET /api/labour/exportWorkers), saved as the server names it. */
export const useExportWorkers = () => useDownload(labourApi.exportWorkers, 'workers.xlsx');
