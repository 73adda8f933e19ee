import { z } from 'zod';

/** Bounds of a numeric setting, as the contracts state them (`{ min, max }`). */
interface NumberRange {
  min: number;
  max: number;
}

/** A whole number within `r`, every failure one message naming the field and its bounds. */
export const wholeBetween = (field: string, r: NumberRange) => {
  const message = `${field} must be between ${r.min} and ${r.max}`;
  return z.number({ error: message }).int(message).min(r.min, message).max(r.max, message);
};

/** A count per key, in the keys' order (`{ pending: 3, played: 1 }`): one per state of an enumeration. */
export const countsOf = <const K extends readonly string[]>(keys: K) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.number()])) as { [P in K[number]]: z.ZodNumber });
