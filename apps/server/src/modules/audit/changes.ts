import type { AuditChange } from '@siteops/contracts/audit/schemas';
import { maskPii, type Pii, type PiiColumn } from '../../crypto/pii.ts';

/** Passwords, secrets and tokens: their values never enter the audit log, not even masked. */
export const isSecretField = (field: string) => /(password|passwd|secret|token|pw)$/i.test(field);
/** Personal data (ID, card and phone numbers, emails): masked to first 3 + last 4 characters in the log. */
export const isPersonalField = (field: string) => /(idno|cardno|phone|mobile|email)$/i.test(field);
/** Bookkeeping every write sets and search hashes: not changes anyone made. */
const isBookkeeping = (field: string) => /^(updatedAt|updatedId|createdAt|createdId)$|Hash$/.test(field);

/** Longer text (or JSON) is cut here in the log. */
export const MAX_VALUE_CHARS = 200;

/** A value as the log keeps it: a date as its ISO instant, text and large JSON cut. */
export function loggedValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value;
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'object') {
    const json = JSON.stringify(value);
    return json.length > MAX_VALUE_CHARS ? `${json.slice(0, MAX_VALUE_CHARS)}…` : value;
  }
  return value;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** A value for comparison: key order, Date or ISO text, and undefined or null do not count as changes. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) => {
    if (isPlainObject(v))
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, v[k]]),
      );
    if (typeof v === 'bigint') return String(v);
    return v === undefined ? null : v;
  });
}

function same(before: unknown, after: unknown): boolean {
  // A numeric column reads as text ("12.50") where the client sent 12.5; a timestamp as a Date where it sent text.
  if (typeof before === 'number' || typeof after === 'number') {
    if (typeof before === 'string' || typeof after === 'string') return Number(before) === Number(after);
  }
  if (before instanceof Date || after instanceof Date) {
    const time = (v: unknown) => (v instanceof Date ? v.getTime() : typeof v === 'string' ? Date.parse(v) : NaN);
    if (before != null && after != null) return time(before) === time(after);
  }
  return canonical(before) === canonical(after);
}

const masked = (field: string, value: unknown) =>
  isPersonalField(field) && typeof value === 'string' ? maskPii(value) : loggedValue(value);

/**
 * The fields `written` really changes in a row that was `before`, each with its value before and after
 * (personal data masked, long values cut), in the order written: an update's `detail.changes`. A password
 * or secret written is named only (`redacted`), even when unchanged, since its old value is not compared.
 * Both sides must hold plain values (see {@link decrypted}), never ciphertext. A field `before` lacks is
 * not a column and is left out, and so is bookkeeping (updatedAt, search hashes); objects (a jsonb
 * condition, an agent's user) are compared field by field, named by their path (`user.phone`).
 * No row before (it went meanwhile): no changes.
 */
export function auditChanges(
  before: Readonly<Record<string, unknown>> | undefined,
  written: Readonly<Record<string, unknown>>,
): AuditChange[] {
  return before ? diff(before, written, '', true) : [];
}

function diff(
  before: Readonly<Record<string, unknown>>,
  written: Readonly<Record<string, unknown>>,
  prefix: string,
  columnsOnly: boolean,
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const [key, after] of Object.entries(written)) {
    if (after === undefined || isBookkeeping(key) || (columnsOnly && !(key in before))) continue;
    const field = `${prefix}${key}`;
    const old = before[key];
    if (isSecretField(key)) changes.push({ field, redacted: true });
    else if (isObjectOrNone(old) && isObjectOrNone(after) && (isPlainObject(old) || isPlainObject(after))) {
      // Set, cleared or changed, an object shows its fields, each masked as its name says.
      const keys = { ...(isPlainObject(old) ? old : {}), ...(isPlainObject(after) ? after : {}) };
      const side = (v: unknown) => (isPlainObject(v) ? v : {});
      const afterAll = Object.fromEntries(Object.keys(keys).map((k) => [k, side(after)[k] ?? null]));
      changes.push(...diff(side(old), afterAll, `${field}.`, false));
    } else if (!same(old, after)) changes.push({ field, before: masked(key, old), after: masked(key, after) });
  }
  return changes;
}

const isObjectOrNone = (v: unknown) => v === null || v === undefined || isPlainObject(v);

/**
 * `row` with its encrypted columns in clear, for {@link auditChanges} to compare: `columns` names each
 * field's PII column. A value that cannot be read (another key) stands as masked, so it shows as changed.
 */
export function decrypted<R extends Record<string, unknown>>(
  pii: Pii,
  row: R | undefined,
  columns: Partial<Record<keyof R & string, PiiColumn>>,
): R | undefined {
  if (!row) return row;
  const plain: Record<string, unknown> = { ...row };
  for (const [field, column] of Object.entries(columns) as [string, PiiColumn][]) {
    const stored = row[field];
    if (typeof stored !== 'string') continue;
    try {
      plain[field] = pii.decrypt(stored, column);
    } catch {
      plain[field] = '********';
    }
  }
  return plain as R;
}
