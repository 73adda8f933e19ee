import type { LiveTopic } from '@siteops/contracts/live/schemas';
import { useLiveTopics } from '@/hooks/useLiveTopics';
import type { FleetChange } from './fleetRefresh';

const FLEET: LiveTopic = 'fleet';

/**
 * Holds the live topic `fleet` while mounted and calls `onChange` when devices in the caller's scope
 * came online, went offline or sent events; after the channel is back from a drop, as if presence
 * changed (whatever happened meanwhile was missed).
 */
export function FleetLive({ onChange }: { onChange: (change: FleetChange) => void }) {
  useLiveTopics(
    [FLEET],
    (m) => {
      if (m.type === 'fleet') onChange(m.data as FleetChange);
    },
    () => onChange({ presence: 1, events: 0 }),
  );
  return null;
}
