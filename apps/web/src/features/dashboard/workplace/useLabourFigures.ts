import { labourApi } from '@siteops/contracts/labour/api';
import { useEndpointQuery } from '@/api/queries';

/** Labour figures change with every pass at a gate: read again every minute while the Workplace is open. */
export const LABOUR_FIGURES_REFRESH_MS = 60_000;

/** The caller's labour figures per project (its scope, counted by the server on each project's work day). */
export function useLabourFigures() {
  return useEndpointQuery(labourApi.figures, {}, { refetchInterval: LABOUR_FIGURES_REFRESH_MS });
}
