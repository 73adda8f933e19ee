import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { announcementApi } from '@siteops/contracts/announcement/api';
import { notificationApi } from '@siteops/contracts/notification/api';
import type { LiveNotification } from '@siteops/contracts/live/schemas';
import { useLiveTopics } from '@/hooks/useLiveTopics';
import { isLocale, DEFAULT_LOCALE } from '@/i18n/locales';
import { notification } from '@/lib/feedback';
import { sessionEnding } from '@/lib/session';

const TOPICS = ['notifications'] as const;

/**
 * While mounted (the navbar's bell, on every page): a new notification refreshes the counts and the
 * lists, and pops up in the corner in the console's language. After a dropped channel the counts are
 * fetched again, since what arrived meanwhile was missed.
 */
function useLiveNotifications() {
  const client = useQueryClient();
  const { i18n } = useTranslation();
  // Not while logging out: ending the session drops the channel, and a refetch then would use a dead token.
  const refresh = () => {
    if (!sessionEnding()) void client.invalidateQueries({ queryKey: [notificationApi.counts.module] });
  };
  useLiveTopics(
    TOPICS,
    (m) => {
      if (m.type !== 'notification') return;
      refresh();
      const n = m.data as LiveNotification;
      // A notice is an announcement just published: the Workplace's announcements card shows it too.
      if (n.tab === 'notice' && !sessionEnding()) {
        void client.invalidateQueries({ queryKey: [announcementApi.latest.module] });
      }
      const lang = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
      notification().open({
        type: n.level,
        message: n.title[lang],
        description: n.body?.[lang],
        // Bottom: at the top it would cover the bell it is about.
        placement: 'bottomRight',
      });
    },
    refresh,
  );
}

/**
 * The bell's live feed as a component of its own, loaded after the page (React.lazy): the live client
 * brings the channel's schemas (zod) along, which the first load of every page should not carry.
 */
export default function LiveNotifications() {
  useLiveNotifications();
  return null;
}
