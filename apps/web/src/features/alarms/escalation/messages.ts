import i18n from '@/i18n/i18n';
import enUS from './messages/en-US.json';
import zhCN from './messages/zh-CN.json';

/**
 * The escalation pages' words, loaded with the escalation page and the alarm drawer (its timeline says whom
 * a step notified) in both languages, not in the features' messages every console page loads first: the
 * Workplace's first load stays within its budget (scripts/budget.mjs).
 */
for (const [locale, messages] of Object.entries({ 'zh-CN': zhCN, 'en-US': enUS })) {
  i18n.addResourceBundle(locale, 'translation', messages, true, true);
}
