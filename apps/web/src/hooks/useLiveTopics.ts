import { useEffect, useRef } from 'react';
import { requestTicket, ticketUrl } from '@/api/device-link/ticket';
import { LiveClient, type LiveListener } from '@/lib/live';
import { useUserStore } from '@/stores/user';

let shared: { userId: number; client: LiveClient } | null = null;

/** The tab's one live channel, for the signed-in user (another user gets a new one: the old socket is the old session's). */
export function liveClient(userId: number): LiveClient {
  if (shared?.userId !== userId) {
    shared?.client.close();
    shared = {
      userId,
      client: new LiveClient(async () => {
        // Silent: the channel retries by itself, and a toast per retry would only be noise.
        const { url } = await requestTicket({ purpose: 'live' }, { silent: true });
        return ticketUrl(url, 'ws').href;
      }),
    };
  }
  return shared.client;
}

/**
 * Resolves once the tab's live channel holds `topic` (watched through useLiveTopics), false when it was
 * refused, no channel is open, or no answer came within `timeoutMs`.
 */
export function liveTopicHeld(topic: string, timeoutMs = 1_500): Promise<boolean> {
  return shared ? shared.client.subscribed(topic, timeoutMs) : Promise.resolve(false);
}

/**
 * Receive the live messages of `topics` (contracts/live/schemas.ts) while the component is mounted and a
 * user is signed in. The topics may change from render to render (a table's visible ids): only the
 * difference is sent to the server. `onReconnect` runs when the channel came back after a drop.
 */
export function useLiveTopics(topics: readonly string[], listener: LiveListener, onReconnect?: () => void) {
  const userId = useUserStore((s) => s.info?.id);
  const listenerRef = useRef(listener);
  const reconnectRef = useRef(onReconnect);
  useEffect(() => {
    listenerRef.current = listener;
    reconnectRef.current = onReconnect;
  });
  const key = [...new Set(topics)].sort().join(',');
  useEffect(() => {
    if (userId === undefined) return;
    const client = liveClient(userId);
    const unwatch = client.watch(key ? key.split(',') : [], (m) => listenerRef.current(m));
    const unlisten = client.onReconnect(() => reconnectRef.current?.());
    return () => {
      unwatch();
      unlisten();
    };
  }, [userId, key]);
}
