import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ALARMS_TOPIC } from '@siteops/contracts/live/schemas';
import { useLiveTopics } from '@/hooks/useLiveTopics';

/**
 * Reads `queryKey` again when the live channel says an alarm in the caller's scope was raised,
 * acknowledged, assigned or cleared (topic `alarms`), and after the channel came back. A burst of
 * alarm changes (a site's monitors crossing one limit together) costs one read, `delayMs` after the first.
 */
export function useAlarmsLive(queryKey: QueryKey, delayMs: number) {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refetch = () => void client.invalidateQueries({ queryKey });
  useLiveTopics(
    [ALARMS_TOPIC],
    (m) => {
      if (m.type !== 'alarm' || timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        refetch();
      }, delayMs);
    },
    refetch,
  );
}
