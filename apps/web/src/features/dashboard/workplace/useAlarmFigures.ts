import { alarmApi } from '@siteops/contracts/alarm/api';
import { useEndpointQuery } from '@/api/queries';
import { keyOf } from '@/api/queryKey';
import { useAlarmsLive } from '@/hooks/useAlarmsLive';

/** A burst of alarms (a site's monitors crossing one limit together) costs one read, not one each. */
const LIVE_REFETCH_MS = 1_000;

/** The active alarms of the caller's scope by severity, kept current by the live channel (useAlarmsLive). */
export function useAlarmFigures() {
  const query = useEndpointQuery(alarmApi.figures, {});
  useAlarmsLive(keyOf(alarmApi.figures, {}), LIVE_REFETCH_MS);
  return query;
}
