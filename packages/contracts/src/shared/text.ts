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
 * `z.string(...)` for every text the API accepts (bodies, filters, device messages). Chain it like
 * z.string: `text({ error }).trim().max(64)`. The check runs first and stops the others, so the field's
 * message says what is wrong rather than, say, "too long".
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { error: unstorableMessage, abort: true });

/** An object of arbitrary JSON (device config, event data) that can still be stored as `jsonb`. */
export const storableRecord = () =>
  z.record(text(), z.unknown()).refine(isStorableJson, { error: unstorableMessage, abort: true });
