import { z } from 'zod';

/**
 * Text the database can keep as it was sent. PostgreSQL refuses NUL (U+0000) in `text` and `jsonb`,
 * `jsonb` refuses an unpaired UTF-16 surrogate, and `text` would silently turn one into U+FFFD. Both
 * are refused at the door with a 400 naming the field, never a 500 from the driver.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
export const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (s: string) => !UNSTORABLE.test(s);

/** Any JSON value whose strings (keys included) are all storable. */
function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).every(([k, v]) => isStorableText(k) && isStorableJson(v));
  }
  return true;
}

const fieldName = (path: readonly PropertyKey[]) =>
  String([...path].reverse().find((p) => typeof p === 'string') ?? 'text');

const unstorableMessage = (iss: { path?: readonly PropertyKey[] }) =>
  `${fieldName(iss.path ?? [])} must not contain NUL (\\u0000) or unpaired surrogate characters`;

/**
 * Control characters a single line of text never holds: C0 (U+0000-U+001F: CR, LF and tab included),
 * DEL and C1 (U+007F-U+009F). A CR/LF in a name ends up in an email subject, a log line, a CSV cell.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
export const LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
/** The same without tab, LF and CR: what multi-line text (remarks, descriptions) refuses. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
export const MULTILINE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * Characters that change how text around them is shown without being seen themselves: the bidi
 * embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069: "gnp.exe" shown as "exe.png") and
 * the zero-width ones (U+200B-U+200D, U+2060, U+FEFF: two names that look the same). Refused in
 * single-line text: names, titles, file names.
 */
export const INVISIBLE_FORMATTING = /[\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff]/;

/** Whether `s` is one line of text as a person reads it: no control, bidi control or zero-width character. */
export const isSingleLineText = (s: string) => !LINE_CONTROLS.test(s) && !INVISIBLE_FORMATTING.test(s);

const singleLineMessage = (iss: { path?: readonly PropertyKey[]; input?: unknown }) =>
  INVISIBLE_FORMATTING.test(String(iss.input))
    ? `${fieldName(iss.path ?? [])} must not contain bidirectional control or zero-width characters`
    : `${fieldName(iss.path ?? [])} must be one line without control characters`;

const multilineMessage = (iss: { path?: readonly PropertyKey[] }) =>
  `${fieldName(iss.path ?? [])} must not contain control characters other than line breaks and tabs`;

/**
 * Any storable text, as it came: device messages, passwords, tokens, the raw values a device or the
 * tests send. A field a person types is {@link text} (one line) or {@link multilineText}.
 */
export const anyText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { error: unstorableMessage, abort: true });

/**
 * `z.string(...)` for every single-line text the API accepts (names, titles, file names, codes,
 * filters): no control characters (CR, LF, tab and the rest of C0 and C1), no bidi controls and no
 * zero-width characters ({@link isSingleLineText}); a 400 naming the field otherwise. Chain it like
 * z.string: `text({ error }).trim().max(64)`. The checks run first and stop the others, so the field's
 * message says what is wrong rather than, say, "too long".
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  anyText(params).refine(isSingleLineText, { error: singleLineMessage, abort: true });

/**
 * Text of several lines (remarks, descriptions, release notes, a message body): keeps tab, LF and CR,
 * refuses the other control characters. Bidi and zero-width characters stay allowed (prose in
 * right-to-left scripts and emoji sequences need them); the console shows such text in its own block.
 */
export const multilineText = (params?: Parameters<typeof z.string>[0]) =>
  anyText(params).refine((s) => !MULTILINE_CONTROLS.test(s), { error: multilineMessage, abort: true });

/** An object of arbitrary JSON (device config, event data) that can still be stored as `jsonb`. */
export const storableRecord = () =>
  z.record(text(), z.unknown()).refine(isStorableJson, { error: unstorableMessage, abort: true });
