import { enUS } from './en-US.ts';
import { zhCN } from './zh-CN.ts';
import { fieldLabelZh } from './fields.ts';

/**
 * The server's user-visible messages, in the request's language (docs/decisions/0011): `zh*` in
 * Accept-Language answers zh-CN, anything else (or none: curl, tests, device makers) en-US.
 */
export const LANGS = ['en-US', 'zh-CN'] as const;
export type Lang = (typeof LANGS)[number];
export type MessageKey = keyof typeof enUS;

export const CATALOGS: Record<Lang, Record<MessageKey, string>> = { 'en-US': enUS, 'zh-CN': zhCN };

/** A parameter: plain text or a number as is, a message rendered in the same language, a list joined. */
export type Param = string | number | Text | AndList | readonly Param[];

/** A message waiting for its language: a catalog key and its parameters. */
export class Text {
  constructor(
    readonly key: MessageKey,
    readonly params: Readonly<Record<string, Param>> = {},
  ) {}

  render(lang: Lang): string {
    return CATALOGS[lang][this.key].replace(/\{(\w+)\}/g, (whole, name: string) => {
      if (!(name in this.params)) return whole;
      const value = this.params[name];
      // A request field is named the way the message's language names it.
      if ((name === 'field' || name === 'other') && lang === 'zh-CN' && typeof value === 'string')
        return fieldLabelZh(value);
      return renderParam(value, lang);
    });
  }

  /** Whoever serialises it without a language (logs, a test's JSON) gets the English. */
  toJSON() {
    return this.render('en-US');
  }

  toString() {
    return this.render('en-US');
  }
}

const LIST_SEPARATOR: Record<Lang, string> = { 'en-US': ', ', 'zh-CN': '、' };
const AND_SEPARATOR: Record<Lang, string> = { 'en-US': ' and ', 'zh-CN': '、' };

/** Items said as "a and b" (an array parameter says "a, b"). */
export class AndList {
  constructor(readonly items: readonly Param[]) {}
}
export const andList = (items: readonly Param[]) => new AndList(items);

function renderParam(value: Param, lang: Lang): string {
  if (value instanceof Text) return value.render(lang);
  if (value instanceof AndList) return value.items.map((v) => renderParam(v, lang)).join(AND_SEPARATOR[lang]);
  if (Array.isArray(value)) return value.map((v: Param) => renderParam(v, lang)).join(LIST_SEPARATOR[lang]);
  return String(value);
}

export const t = (key: MessageKey, params?: Record<string, Param>) => new Text(key, params);

/** The language of an Accept-Language header: the first listed (highest weight) zh* or en* wins; else en-US. */
export function langOf(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranges = value
    .split(',')
    .map((part, i) => {
      const [tag, ...attrs] = part.trim().split(';');
      const q = attrs.map((a) => /^\s*q=([\d.]+)\s*$/.exec(a)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranges) {
    if (r.tag === 'zh' || r.tag.startsWith('zh-')) return 'zh-CN';
    if (r.tag === 'en' || r.tag.startsWith('en-')) return 'en-US';
  }
  return 'en-US';
}

/** `value` with every Text in it (at any depth of plain objects and arrays) rendered in `lang`. */
export function localize<T>(value: T, lang: Lang): T {
  if (value instanceof Text) return value.render(lang) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => localize(v, lang)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localize(v, lang)])) as T;
  }
  return value;
}
