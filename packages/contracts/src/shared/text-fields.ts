import { z } from 'zod';
import { multilineText, text } from './text.ts';

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

/** A required single-line text field: trimmed, non-empty, bounded. */
export const requiredText = (name: string, max: number) =>
  text({ error: missing(name, 'must be text') })
    .trim()
    .min(1, `${name} cannot be empty`)
    .max(max, `${name} is at most ${max} characters`);

/** `field` made optional: trimmed, bounded, and '' stored as null. */
export const optionalTextOf = (field: z.ZodString, name: string, max: number) =>
  field
    .trim()
    .max(max, `${name} is at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** An optional single-line text field; '' is stored as null. */
export const optionalText = (name: string, max: number) =>
  optionalTextOf(text({ error: `${name} must be text` }), name, max);

/** An optional text field of several lines (a remark, a description); '' is stored as null. */
export const optionalMultilineText = (name: string, max: number) =>
  optionalTextOf(multilineText({ error: `${name} must be text` }), name, max);

/** A required choice among `values`. */
export const requiredEnum = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: missing(name, `must be one of ${values.join(', ')}`) });
