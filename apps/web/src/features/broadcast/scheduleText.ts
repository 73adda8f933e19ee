import { useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import type { CampaignItem, CampaignSchedule } from '@siteops/contracts/broadcast';
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

/** While a campaign may play within this long, or a run waits for answers, what shows it refreshes itself. */
const SOON_MS = 60_000;
export const REFRESH_MS = 2_000;

export const isBusy = (c: CampaignItem, now: number) =>
  (c.lastRun?.counts.pending ?? 0) > 0 ||
  (c.status === 'scheduled' && c.nextRunAt !== null && Date.parse(c.nextRunAt) - now < SOON_MS);

/** Refetch every REFRESH_MS while `busy(now)` says so (checked at each tick, not during render). */
export function useRefreshWhile(busy: (now: number) => boolean, refetch: () => unknown) {
  const latest = useRef({ busy, refetch });
  useEffect(() => {
    latest.current = { busy, refetch };
  });
  useEffect(() => {
    const timer = setInterval(() => {
      if (latest.current.busy(Date.now())) void latest.current.refetch();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
}
