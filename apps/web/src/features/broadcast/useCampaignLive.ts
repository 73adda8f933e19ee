import { useQueryClient } from '@tanstack/react-query';
import { broadcastApi } from '@siteops/contracts/broadcast/api';
import { campaignIdOfTopic, campaignTopicOf } from '@siteops/contracts/live/schemas';
import { keyOf } from '@/api/queryKey';
import { useLiveTopics } from '@/hooks/useLiveTopics';

/**
 * While mounted: a change of one of these campaigns (live topic `campaign:<id>`: its status, a run
 * started, speakers answered; a few frames a second at most) refetches the list's rows and that
 * campaign's runs, so nothing polls; a channel back from a drop refetches everything of campaigns.
 */
export function useCampaignLive(ids: readonly number[]) {
  const client = useQueryClient();
  useLiveTopics(
    ids.map(campaignTopicOf),
    (m) => {
      const id = campaignIdOfTopic(m.topic);
      if (m.type !== 'campaign' || id === undefined) return;
      void client.invalidateQueries({ queryKey: keyOf(broadcastApi.listAll) });
      void client.invalidateQueries({ queryKey: keyOf(broadcastApi.runs, { id }) });
    },
    () => void client.invalidateQueries({ queryKey: [broadcastApi.listAll.module] }),
  );
}
