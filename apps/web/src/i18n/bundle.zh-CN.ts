import antd from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import shared from './zh-CN.json';
import { mergeMessages, type MessageTree } from './merge';

/** Everything the console needs in Chinese, one chunk loaded only when Chinese is the language (i18n.ts). */
const features = import.meta.glob<MessageTree>('../features/**/i18n/zh-CN.json', { eager: true, import: 'default' });

export const bundle = { messages: mergeMessages(shared as MessageTree, Object.values(features)), antd, dayjs: 'zh-cn' };
