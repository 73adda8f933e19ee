import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { ALARMS_TOPIC } from '@siteops/contracts/live/schemas';
import { useEndpointQuery } from '@/api/queries';
import { keyOf } from '@/api/queryKey';
import { useLiveTopics } from '@/hooks/useLiveTopics';

/** A burst of alarms (a site's monitors crossing one limit together) costs one read, not one each. */
const LIVE_REFETCH_MS = 1_000;

/**
 * The active alarms of the caller's scope by severity, read again when the live channel says an alarm
 * was raised, acknowledged, assigned or cleared (topic `alarms`), and after the channel came back.
 */
export function useAlarmFigures() {
  const client = useQueryClient();
  const query = useEndpointQuery(alarmApi.figures, {});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refetch = () => void client.invalidateQueries({ queryKey: keyOf(alarmApi.figures, {}) });
  useLiveTopics(
    [ALARMS_TOPIC],
    (m) => {
      if (m.type !== 'alarm' || timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        refetch();
      }, LIVE_REFETCH_MS);
    },
    refetch,
  );
  return query;
}
