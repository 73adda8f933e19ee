import { z } from 'zod';
import { text } from './text.ts';

/**
 * Builders for the named fields of request bodies, so every form the API takes words its 400s alike:
 * "<field> is required" when it is absent or null, "<field> <what>" when it is there but wrong.
 */
export const missing = (name: string, what: string) => (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null ? `${name} is required` : `${name} ${what}`;

/**
 * The error of a text field that is given no text: "<field> is required" when it is absent, "<field>
 * must be text" otherwise, null included (unlike {@link missing}, as these forms have always said it).
 */
export const notText = (name: string) => (iss: { input?: unknown }) =>
  iss.input === undefined ? `${name} is required` : `${name} must be text`;

/** A required text field: trimmed, non-empty, bounded. */
export const requiredText = (name: string, max: number) =>
  text({ error: missing(name, 'must be text') })
    .trim()
    .min(1, `${name} cannot be empty`)
    .max(max, `${name} is at most ${max} characters`);

/** An optional text field; '' is stored as null. */
export const optionalText = (name: string, max: number) =>
  text({ error: `${name} must be text` })
    .trim()
    .max(max, `${name} is at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** A required choice among `values`. */
export const requiredEnum = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: missing(name, `must be one of ${values.join(', ')}`) });
