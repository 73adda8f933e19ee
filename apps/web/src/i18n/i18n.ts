import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { FALLBACK_LOCALE, LOCALE_STORAGE_KEY, storedLocale, type Locale } from './locales';

/** Each language is one chunk (messages, antd's locale): the first load carries only the active one. */
const BUNDLES: Record<Locale, () => Promise<{ bundle: { messages: object; antd: AntdLocale } }>> = {
  'zh-CN': () => import('./bundle.zh-CN'),
  'en-US': () => import('./bundle.en-US'),
};

/** Every feature's messages per language: loaded with the console layout, never on the login page. */
const FEATURE_MESSAGES: Record<Locale, () => Promise<{ messages: object }>> = {
  'zh-CN': () => import('./features.zh-CN'),
  'en-US': () => import('./features.en-US'),
};

const antdLocales = new Map<Locale, AntdLocale>();

async function load(locale: Locale) {
  if (antdLocales.has(locale)) return;
  const { bundle } = await BUNDLES[locale]();
  i18n.addResourceBundle(locale, 'translation', bundle.messages);
  antdLocales.set(locale, bundle.antd);
}

const withFeatures = new Set<Locale>();
/** Set once the console layout has asked for the features' messages: a language switch then loads them too. */
let consoleShown = false;

async function loadFeatures(locale: Locale) {
  if (withFeatures.has(locale)) return;
  const { messages } = await FEATURE_MESSAGES[locale]();
  i18n.addResourceBundle(locale, 'translation', messages, true, false);
  withFeatures.add(locale);
}

/**
 * Resolves once the active language's feature messages are loaded: the console layout's route waits for
 * it, so no feature renders a key; the login page never loads them (its first-load budget, issue 9).
 */
export async function consoleMessagesReady() {
  consoleShown = true;
  await i18nReady;
  await Promise.all([loadFeatures(i18n.language as Locale), datesReady()]);
}

/** Set once dates.ts is loaded: a language switch then moves dayjs along. */
let setDatesLocale: ((locale: Locale) => void) | undefined;

/**
 * Resolves once dayjs speaks the active language: the console layout and any standalone page that shows
 * or picks dates wait for it; the login page shows none and loads none of dayjs.
 */
export async function datesReady() {
  await i18nReady;
  ({ setDatesLocale } = await import('./dates'));
  setDatesLocale(i18n.language as Locale);
}

/** Everything that follows the language besides i18next itself: dayjs (once loaded) and the page's lang. */
function applyLocale(locale: Locale) {
  setDatesLocale?.(locale);
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
  if (consoleShown) await loadFeatures(locale);
  applyLocale(locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
