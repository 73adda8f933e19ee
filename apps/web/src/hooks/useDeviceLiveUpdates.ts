import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { deviceTopicOf } from '@siteops/contracts/live/schemas';
import { useLiveTopics } from '@/hooks/useLiveTopics';
import type { LiveMessage } from '@/lib/live';
import { DEVICE_LIST_KEY, applyLiveItems, type RowItem } from '@/api/device-link/liveCache';

/**
 * Keep the cached device lists and details of `deviceIds` current: presence (online/offline,
 * heartbeat, IP, versions) and the latest readings, pushed over the tab's live channel. Pass the ids
 * on screen; the subscription follows them as the page changes.
 *
 * The server batches a tab's device items (one frame per LIVE_BATCH_MS at most, a device's readings
 * merged): that is the one batching step between a device and a row. The items of one frame arrive
 * here one after another in the same task, so they are applied together, once that task ends.
 */
export function useDeviceLiveUpdates(deviceIds: readonly number[]) {
  const client = useQueryClient();
  const frame = useRef<RowItem[]>([]);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => void (live.current = false);
  }, []);

  const onMessage = useCallback(
    (m: LiveMessage) => {
      if (m.type !== 'device' || m.item.kind === 'event') return;
      if (frame.current.push(m.item) > 1) return;
      queueMicrotask(() => {
        const items = frame.current;
        frame.current = [];
        if (live.current) applyLiveItems(client, items);
      });
    },
    [client],
  );
  // Events may have been missed while the channel was down: let the lists read the truth again.
  const onReconnect = useCallback(() => void client.invalidateQueries({ queryKey: DEVICE_LIST_KEY }), [client]);

  useLiveTopics(deviceIds.map(deviceTopicOf), onMessage, onReconnect);
}
