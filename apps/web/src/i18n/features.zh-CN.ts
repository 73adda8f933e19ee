import { mergeMessages, type MessageTree } from './merge';

/**
 * Every feature's messages (and those of the console-only shared components) in Chinese (each feature's `i18n/zh-CN.json`), one chunk loaded with the console
 * layout (i18n.ts consoleMessagesReady), so the login page's first load carries none of them.
 */
const files = import.meta.glob<MessageTree>(['../features/**/i18n/zh-CN.json', '../components/**/i18n/zh-CN.json'], {
  eager: true,
  import: 'default',
});

export const messages = mergeMessages({}, Object.values(files));
