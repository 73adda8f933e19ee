/**
 * Whether a value read back from storage is an object whose `keys` all hold strings: localStorage may
 * hold anything (an older shape, a hand edit), so what is read is checked before it is used. The caller
 * checks any other field itself.
 */
export function hasStringFields<K extends string>(value: unknown, keys: readonly K[]): value is Record<K, string> {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  return keys.every((key) => typeof fields[key] === 'string');
}
