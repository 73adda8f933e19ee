import { z } from 'zod';
import { CATALOGS, t, type Lang, type MessageKey, type Text } from './index.ts';

/**
 * Field messages from zod, in the request's language. zod's own messages come from its locale, chosen
 * per parse (`{ error }`), never by a global switch. A message of ours (packages/contracts) wins over
 * any per-parse map, so it arrives in English and is matched against the `field.*` templates of the
 * catalog: that English text is its id, and its parameters are read back out of it.
 */
const ZOD_LOCALE: Record<Lang, z.core.$ZodErrorMap> = {
  'en-US': z.locales.en().localeError,
  'zh-CN': z.locales.zhCN().localeError,
};

export function parseIn<S extends z.ZodType>(schema: S, input: unknown, lang: Lang) {
  return schema.safeParse(input, { error: ZOD_LOCALE[lang] });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The `field.*` templates as patterns, the most literal text first so a specific one beats a general one. */
const TEMPLATES = (Object.keys(CATALOGS['en-US']) as MessageKey[])
  .filter((key) => key.startsWith('field.'))
  .map((key) => {
    const template = CATALOGS['en-US'][key];
    const names: string[] = [];
    const source = template
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        return name === 'field' ? '([\\w.]+)' : '(.+?)';
      })
      .join('');
    return { key, names, pattern: new RegExp(`^${source}$`), literal: template.replace(/\{\w+\}/g, '').length };
  })
  .sort((a, b) => b.literal - a.literal);

/** Our English field message as a catalog message, or undefined when it is not one of ours. */
export function fieldText(message: string): Text | undefined {
  for (const { key, names, pattern } of TEMPLATES) {
    const m = pattern.exec(message);
    if (m) return t(key, Object.fromEntries(names.map((n, i) => [n, m[i + 1]])));
  }
  return undefined;
}

/** One field message of a parse made with {@link parseIn}, in `lang`. */
export function fieldMessage(message: string, lang: Lang): string {
  return lang === 'en-US' ? message : (fieldText(message)?.render(lang) ?? message);
}
