import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { dashboardApi } from '@siteops/contracts/dashboard/api';
import { useEndpointQuery } from '@/api/queries';
import { FleetRefresh, type FleetChange } from './fleetRefresh';

/**
 * The caller's fleet figures (in its scope, counted by the server) and `changed`, which FleetLive calls
 * when the live topic `fleet` says devices in scope changed (refetched through FleetRefresh). No
 * polling: a quiet fleet costs nothing.
 */
export function useFleetFigures() {
  const client = useQueryClient();
  // "Today" is the user's own day; the key changes at midnight with the next render.
  const since = dayjs().startOf('day').toISOString();
  const input = useMemo(() => ({ since }), [since]);
  const query = useEndpointQuery(dashboardApi.fleet, input);
  const [refresh] = useState(
    () => new FleetRefresh(() => void client.invalidateQueries({ queryKey: [dashboardApi.fleet.module] })),
  );
  useEffect(() => () => refresh.stop(), [refresh]);
  const changed = useMemo(() => (change: FleetChange) => refresh.changed(change), [refresh]);
  return { query, changed };
}
