import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { FALLBACK_LOCALE, LOCALE_STORAGE_KEY, storedLocale, type Locale } from './locales';

/** Each language is one chunk (messages, antd's and dayjs's locale): the first load carries only the active one. */
const BUNDLES: Record<Locale, () => Promise<{ bundle: { messages: object; antd: AntdLocale; dayjs: string } }>> = {
  'zh-CN': () => import('./bundle.zh-CN'),
  'en-US': () => import('./bundle.en-US'),
};

const antdLocales = new Map<Locale, AntdLocale>();
const dayjsLocales = new Map<Locale, string>();

async function load(locale: Locale) {
  if (antdLocales.has(locale)) return;
  const { bundle } = await BUNDLES[locale]();
  i18n.addResourceBundle(locale, 'translation', bundle.messages);
  antdLocales.set(locale, bundle.antd);
  dayjsLocales.set(locale, bundle.dayjs);
}

/** Everything that follows the language besides i18next itself: dayjs and the page's lang attribute. */
function applyLocale(locale: Locale) {
  dayjs.locale(dayjsLocales.get(locale) ?? 'en');
  document.documentElement.lang = locale;
}

/** antd's texts (pagination, date pickers, …) for a loaded language. */
export function antdLocaleOf(language: string): AntdLocale | undefined {
  return antdLocales.get(language as Locale);
}

const initial = storedLocale();
/** Resolves once the active language is loaded: main.tsx renders, and route loaders run, only after it. */
export const i18nReady: Promise<void> = i18n
  .use(initReactI18next)
  .init({ resources: {}, lng: initial, fallbackLng: FALLBACK_LOCALE, interpolation: { escapeValue: false } })
  .then(() => load(initial))
  .then(() => applyLocale(initial));

export async function changeLocale(locale: Locale) {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  await load(locale);
  applyLocale(locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
