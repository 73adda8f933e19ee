import { useQueryClient } from '@tanstack/react-query';
import { rolloutApi } from '@siteops/contracts/rollout/api';
import { useLiveTopics } from '@/hooks/useLiveTopics';

/**
 * While mounted: a change of one of these rollouts (live topic `rollout:<id>`, at most a few a second)
 * refetches what the page shows of rollouts; so does a channel back from a drop.
 */
export function useRolloutLive(ids: readonly number[]) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: [rolloutApi.listAll.module] });
  useLiveTopics(
    ids.map((id) => `rollout:${id}`),
    (m) => {
      if (m.type === 'rollout') refresh();
    },
    refresh,
  );
}
