import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Locale } from './locales';

const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/**
 * dayjs in the console's language (month and weekday names, the week's first day in date pickers). Its
 * own chunk, loaded with the console layout and the standalone pages that show dates (i18n.ts
 * `datesReady`), not with the login page (its first-load budget, issue 9).
 */
export function setDatesLocale(locale: Locale) {
  dayjs.locale(DAYJS_LOCALES[locale]);
}
