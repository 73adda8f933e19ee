import i18n from '@/i18n/i18n';
import enUS from './messages/en-US.json';
import zhCN from './messages/zh-CN.json';

/**
 * The compliance report's words, in its page's chunk with both languages (as the standalone registration
 * pages' messages.ts), not in the features' messages every console page loads first: the Workplace's
 * first load stays within its budget (scripts/budget.mjs), and a report few open costs nothing until opened.
 */
for (const [locale, messages] of Object.entries({ 'zh-CN': zhCN, 'en-US': enUS })) {
  i18n.addResourceBundle(locale, 'translation', messages, true, true);
}
