import antd from 'antd/locale/en_US';
import shared from './en-US.json';
import type { MessageTree } from './merge';

/**
 * What every page needs in English, the login page included: the shared messages and antd's locale. One chunk, loaded only when English is the language (i18n.ts). The features' messages come
 * with the console layout (features.en-US.ts).
 */
export const bundle = { messages: shared as MessageTree, antd };
