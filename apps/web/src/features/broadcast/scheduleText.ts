import type { TFunction } from 'i18next';
import type { CampaignSchedule } from '@siteops/contracts/broadcast/schemas';
import { formatDateTime, formatDay } from '@/lib/time';

/** A schedule as a sentence: "now", "at 2026-03-02 08:00:00", "daily 08:00–10:00 every 30 min". */
export function scheduleText(t: TFunction, s: CampaignSchedule): string {
  if (s.kind === 'now') return t('broadcast.schedule.now');
  if (s.kind === 'at') return t('broadcast.schedule.at', { at: formatDateTime(s.at) });
  const params = { from: s.from, to: s.to, every: s.everyMinutes, timeZone: s.timeZone };
  return s.until
    ? t('broadcast.schedule.dailyUntil', { ...params, until: formatDay(s.until) })
    : t('broadcast.schedule.daily', params);
}
