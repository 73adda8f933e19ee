import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import type { Locale } from './locales';
import { mergeMessages, type MessageTree } from './merge';

export type { MessageTree } from './merge';

/**
 * Every message of both languages, for the tests (parity, labels). The console itself loads only the
 * active language's bundle (bundle.<locale>.ts, see i18n.ts).
 *
 * Features keep their own messages in `features/<name>/[<part>/]i18n/<locale>.json`, each under a top-level key
 * of its own, so a feature can be added or changed without touching the shared files. A shared component
 * only the console draws keeps its messages beside it the same way (`components/<name>/i18n/<locale>.json`).
 * Words a console page or component loads with its own chunk are in `messages/<locale>.json` beside the
 * `messages.ts` that adds them; they are here too (the standalone pages' own words are not: they repeat keys).
 */
const featureFiles = import.meta.glob<MessageTree>(
  [
    '../features/**/i18n/*.json',
    '../components/**/i18n/*.json',
    // Console words that load with their own chunk (messages.ts beside them; standalone.test.ts checks them).
    '../features/alarms/**/messages/*.json',
    '../components/**/messages/*.json',
  ],
  { eager: true, import: 'default' },
);

function featuresOf(locale: Locale): MessageTree[] {
  return Object.entries(featureFiles)
    .filter(([file]) => file.endsWith(`/${locale}.json`))
    .map(([, tree]) => tree);
}

export const MESSAGES: Record<Locale, MessageTree> = {
  'zh-CN': mergeMessages(zhCN as MessageTree, featuresOf('zh-CN')),
  'en-US': mergeMessages(enUS as MessageTree, featuresOf('en-US')),
};

/** Feature files present for one language but not the other (the parity test reports them). */
export function unpairedFeatureFiles(): string[] {
  const files = Object.keys(featureFiles);
  const partner = (f: string) =>
    f.endsWith('/zh-CN.json') ? f.replace(/zh-CN\.json$/, 'en-US.json') : f.replace(/en-US\.json$/, 'zh-CN.json');
  return files.filter((f) => !files.includes(partner(f)));
}
