import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import type { Locale } from './locales';

/** A message tree as the JSON files hold it. */
export type MessageTree = { [key: string]: string | MessageTree };

/**
 * Features keep their own messages in `features/<name>/[<part>/]i18n/<locale>.json`, each under a top-level key
 * of its own, so a feature can be added or changed without touching the shared files. They are bundled
 * eagerly (small, and the first paint must already be translated).
 */
const featureFiles = import.meta.glob<MessageTree>('../features/**/i18n/*.json', { eager: true, import: 'default' });

function merge(target: MessageTree, source: MessageTree, where: string): MessageTree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'string' || existing === undefined) {
      if (existing !== undefined) throw new Error(`i18n key ${where}${key} is defined twice`);
      target[key] = value;
    } else if (typeof existing === 'string') {
      throw new Error(`i18n key ${where}${key} is defined twice`);
    } else {
      merge(existing, value, `${where}${key}.`);
    }
  }
  return target;
}

function messagesOf(locale: Locale, base: MessageTree): MessageTree {
  const out = structuredClone(base);
  for (const [file, tree] of Object.entries(featureFiles)) {
    if (file.endsWith(`/${locale}.json`)) merge(out, tree, '');
  }
  return out;
}

/** Every message of each language: the shared files plus every feature's. */
export const MESSAGES: Record<Locale, MessageTree> = {
  'zh-CN': messagesOf('zh-CN', zhCN as MessageTree),
  'en-US': messagesOf('en-US', enUS as MessageTree),
};

/** Feature files present for one language but not the other (the parity test reports them). */
export function unpairedFeatureFiles(): string[] {
  const files = Object.keys(featureFiles);
  const partner = (f: string) =>
    f.endsWith('/zh-CN.json') ? f.replace(/zh-CN\.json$/, 'en-US.json') : f.replace(/en-US\.json$/, 'zh-CN.json');
  return files.filter((f) => !files.includes(partner(f)));
}
