/**
 * Set `obj[key]` as an own property. Codes and keys come off the network: a plain assignment of
 * `__proto__` would replace the object's prototype (or, through `??=`, write into Object.prototype)
 * instead of storing a value.
 */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): T {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  return value;
}

/** `obj[key]` when it is the object's own, never something inherited. */
export function getOwn<T>(obj: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}
