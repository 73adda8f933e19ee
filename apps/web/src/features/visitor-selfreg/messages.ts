import i18n from '@/i18n/i18n';
import enUS from './messages/en-US.json';
import zhCN from './messages/zh-CN.json';

/**
 * This page's words travel in its own chunk, not in the console's language bundles (features' i18n
 * folders): those load with the login page, whose first-load budget (scripts/budget.mjs) has no room
 * for words only a visitor's phone shows. Both languages, so the switch needs no download.
 */
export const SELF_REG_MESSAGES = { 'zh-CN': zhCN, 'en-US': enUS } as const;

for (const [locale, messages] of Object.entries(SELF_REG_MESSAGES)) {
  i18n.addResourceBundle(locale, 'translation', messages, true, true);
}
