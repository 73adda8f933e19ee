import antd from 'antd/locale/zh_CN';
import shared from './zh-CN.json';
import type { MessageTree } from './merge';

/**
 * What every page needs in Chinese, the login page included: the shared messages and antd's locale. One chunk, loaded only when Chinese is the language (i18n.ts). The features' messages come
 * with the console layout (features.zh-CN.ts).
 */
export const bundle = { messages: shared as MessageTree, antd };
