import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { deviceTopicOf } from '@siteops/contracts/live';
import { useLiveTopics } from '@/hooks/useLiveTopics';
import type { LiveMessage } from '@/lib/live';
import { DEVICE_LIST_KEY, applyLiveEvents, type LiveEvent } from './liveCache';

/** Patches are applied in batches: React needs a few renders a second, not one per event. */
const FLUSH_MS = 250;

/**
 * Keep the cached device lists and details of `deviceIds` current: presence (online/offline,
 * heartbeat, IP, versions) and the latest readings, pushed over the tab's live channel. Pass the ids
 * on screen; the subscription follows them as the page changes.
 */
export function useDeviceLiveUpdates(deviceIds: readonly number[]) {
  const client = useQueryClient();
  const queue = useRef<LiveEvent[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onMessage = useCallback(
    (m: LiveMessage) => {
      if (m.type !== 'device' || m.item.kind === 'event') return;
      queue.current.push(
        m.item.kind === 'presence' ? { kind: 'presence', body: m.item.data } : { kind: 'telemetry', body: m.item.data },
      );
      timer.current ??= setTimeout(() => {
        timer.current = undefined;
        const batch = queue.current;
        queue.current = [];
        applyLiveEvents(client, batch);
      }, FLUSH_MS);
    },
    [client],
  );
  // Events may have been missed while the channel was down: let the lists read the truth again.
  const onReconnect = useCallback(() => void client.invalidateQueries({ queryKey: DEVICE_LIST_KEY }), [client]);

  useLiveTopics(deviceIds.map(deviceTopicOf), onMessage, onReconnect);
}
