/** `keys` of an API row with each null as undefined (see blankNulls). */
export type BlankNulls<T, K extends keyof T> = { [P in K]: Exclude<T[P], null> | undefined };

/**
 * An API row's fields as a form's starting values. The API sends null for a field never filled in; an
 * antd field takes null as a value, so an edit form would start from a value instead of an empty field
 * (and a clear button would show). Each of `keys` is copied with null as undefined.
 */
export function blankNulls<T, K extends keyof T>(row: T, keys: readonly K[]): BlankNulls<T, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k] ?? undefined])) as BlankNulls<T, K>;
}
