import i18n from '@/i18n/i18n';
import enUS from './messages/en-US.json';
import zhCN from './messages/zh-CN.json';

/**
 * The worker registration page's words, in its own chunk as the visitors' page's (visitor-selfreg's
 * messages.ts): both languages, so the switch needs no download. The shared photo and language words
 * (`selfReg.*`) are the visitors' page's, repeated here since each standalone page loads only its own.
 */
for (const [locale, messages] of Object.entries({ 'zh-CN': zhCN, 'en-US': enUS })) {
  i18n.addResourceBundle(locale, 'translation', messages, true, true);
}
