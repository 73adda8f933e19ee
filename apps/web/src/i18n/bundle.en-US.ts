import antd from 'antd/locale/en_US';
import shared from './en-US.json';
import { mergeMessages, type MessageTree } from './merge';

/** Everything the console needs in English, one chunk loaded only when English is the language (i18n.ts). */
const features = import.meta.glob<MessageTree>('../features/**/i18n/en-US.json', { eager: true, import: 'default' });

// dayjs ships English built in.
export const bundle = { messages: mergeMessages(shared as MessageTree, Object.values(features)), antd, dayjs: 'en' };
