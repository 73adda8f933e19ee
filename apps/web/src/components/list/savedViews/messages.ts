import i18n from '@/i18n/i18n';
import enUS from './messages/en-US.json';
import zhCN from './messages/zh-CN.json';

/**
 * The saved views' words, in the views menu's own chunk with both languages (as a standalone page's
 * messages.ts), not in the features' messages every console page loads first: the Workplace's first load
 * stays within its budget (scripts/budget.mjs). The toolbar's button label before the menu loads is
 * `table.views`, with the table's other words.
 */
for (const [locale, messages] of Object.entries({ 'zh-CN': zhCN, 'en-US': enUS })) {
  i18n.addResourceBundle(locale, 'translation', messages, true, true);
}
