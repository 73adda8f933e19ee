import antd from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import shared from './zh-CN.json';
import type { MessageTree } from './merge';

/**
 * What every page needs in Chinese, the login page included: the shared messages, antd's and dayjs's
 * locale. One chunk, loaded only when Chinese is the language (i18n.ts). The features' messages come
 * with the console layout (features.zh-CN.ts).
 */
export const bundle = { messages: shared as MessageTree, antd, dayjs: 'zh-cn' };
