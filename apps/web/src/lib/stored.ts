/**
 * Whether a value read back from storage (localStorage may hold anything) is an object whose `keys`
 * are all strings: the first check of a stored record before it is trusted.
 */
export function hasStringFields<K extends string>(
  value: unknown,
  keys: readonly K[],
): value is Record<K, string> & Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return keys.every((key) => typeof record[key] === 'string');
}
