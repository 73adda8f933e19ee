import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { MESSAGES } from './resources';
import { FALLBACK_LOCALE, LOCALE_STORAGE_KEY, storedLocale, type Locale } from './locales';

const DAYJS_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/** Everything that follows the language besides i18next itself: dayjs and the page's lang attribute. */
function applyLocale(locale: Locale) {
  dayjs.locale(DAYJS_LOCALE[locale]);
  document.documentElement.lang = locale;
}

const initial = storedLocale();
// Resources are bundled (they are small) so the first paint is already translated.
void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: MESSAGES['zh-CN'] }, 'en-US': { translation: MESSAGES['en-US'] } },
  lng: initial,
  fallbackLng: FALLBACK_LOCALE,
  interpolation: { escapeValue: false },
});
applyLocale(initial);

export async function changeLocale(locale: Locale) {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  applyLocale(locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
