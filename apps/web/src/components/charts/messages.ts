import i18n from '@/i18n/i18n';
import enUS from './messages/en-US.json';
import zhCN from './messages/zh-CN.json';

/**
 * The charts' words (download title, data table, legend), loaded with the charts in both languages, not in
 * the features' messages every console page loads first: only pages with charts pay for them.
 */
for (const [locale, messages] of Object.entries({ 'zh-CN': zhCN, 'en-US': enUS })) {
  i18n.addResourceBundle(locale, 'translation', messages, true, true);
}
