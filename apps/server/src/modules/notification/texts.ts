import { LANGS, AndList, CATALOGS, Text, type Lang, type MessageKey, type Param } from '../../core/messages/index.ts';
import type { StoredText } from '../../db/schema/index.ts';

/**
 * Notification texts are stored as catalog keys with their parameters and rendered when read, in the
 * reader's language (docs/decisions/0011). Parameters that are Texts or lists are kept as such.
 */
type StoredParam = string | number | { $text: StoredText } | { $and: StoredParam[] } | StoredParam[];

function paramOut(p: Param): StoredParam {
  if (p instanceof Text) return { $text: toStored(p) };
  if (p instanceof AndList) return { $and: p.items.map(paramOut) };
  if (Array.isArray(p)) return (p as readonly Param[]).map(paramOut);
  return p as string | number;
}

function paramIn(p: StoredParam): Param {
  if (Array.isArray(p)) return p.map(paramIn);
  if (p !== null && typeof p === 'object') {
    if ('$text' in p) return fromStored(p.$text);
    if ('$and' in p) return new AndList(p.$and.map(paramIn));
  }
  return p as string | number;
}

export function toStored(text: Text): StoredText {
  const params = Object.entries(text.params);
  return params.length
    ? { key: text.key, params: Object.fromEntries(params.map(([k, v]) => [k, paramOut(v)])) }
    : { key: text.key };
}

export function fromStored(stored: StoredText): Text {
  const params = Object.entries(stored.params ?? {}).map(([k, v]) => [k, paramIn(v as StoredParam)]);
  return new Text(stored.key as MessageKey, Object.fromEntries(params) as Record<string, Param>);
}

/** In `lang`; a key no longer in the catalog (a row older than a release that dropped it) reads as the key. */
export function renderStored(stored: StoredText, lang: Lang): string {
  if (!(stored.key in CATALOGS[lang])) return stored.key;
  return fromStored(stored).render(lang);
}

/** In each of the console's languages, for the live frame (the server does not know a tab's language). */
export function inEachLanguage(text: Text): Record<Lang, string> {
  return Object.fromEntries(LANGS.map((l) => [l, text.render(l)])) as Record<Lang, string>;
}
