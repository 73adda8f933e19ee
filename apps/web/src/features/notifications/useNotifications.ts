import { notificationApi } from '@siteops/contracts/notification/api';
import { useEndpointQuery } from '@/api/queries';

/** Unread items per tab and in all (the bell's badge); kept fresh by LiveNotifications. */
export function useNotificationCounts() {
  return useEndpointQuery(notificationApi.counts, {}, { staleTime: 5 * 60_000 });
}
