import type { i18n as I18n } from 'i18next';
import type { AuditChange } from '@siteops/contracts/audit/schemas';
import { formatDateTime } from '@/lib/time';

/**
 * Where the console already names the fields of each kind of audited row (the audit row's `targetType`):
 * message prefixes, the first that has a label wins; a field nobody labels shows its own name.
 */
const LABEL_PREFIXES: Record<string, readonly string[]> = {
  device: ['devices.field.'],
  user: ['users.'],
  agent: ['agents.', 'users.'],
  project: ['projects.'],
  visitor: ['visitors.'],
  worker: ['labour.'],
  constant: ['constants.'],
  alarmRule: ['alarms.rules.', 'alarms.'],
};

/** Fields labelled under another name on their pages (an id shows as what it points at). */
const RENAMED: Record<string, Record<string, string>> = {
  visitor: { userId: 'host' },
  agent: { user: 'userSection', introduction: 'remark' },
};

/** `user.updatePasswd` -> `auditActions.user_updatePasswd` (i18next reads dots as nesting). */
export const auditActionKey = (code: string) => `auditActions.${code.replace(/\./g, '_')}`;

/** The label of one name in a field's path, or the name itself. */
function segmentLabel(i18n: I18n, targetType: string | null | undefined, name: string): string {
  const prefixes = LABEL_PREFIXES[targetType ?? ''] ?? [];
  const renamed = RENAMED[targetType ?? '']?.[name];
  const names = [...(renamed ? [renamed] : []), name, ...(name.endsWith('Id') ? [name.slice(0, -2)] : [])];
  for (const prefix of prefixes) {
    for (const n of names) {
      const key = `${prefix}${n}`;
      if (i18n.exists(key) && typeof i18n.t(key, { returnObjects: true }) === 'string') return i18n.t(key);
    }
  }
  return name;
}

/** A field's label in the reader's language: `user.phone` on an agent reads "Agent admin user › Phone". */
export const fieldLabel = (i18n: I18n, targetType: string | null | undefined, field: string) =>
  field
    .split('.')
    .map((name) => segmentLabel(i18n, targetType, name))
    .join(' › ');

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A logged value as text: nothing as "(empty)", yes/no, an instant in the reader's time zone, JSON as is. */
export function shownValue(i18n: I18n, value: unknown): string {
  if (value === null || value === undefined || value === '') return i18n.t('auditChanges.empty');
  if (typeof value === 'boolean') return i18n.t(value ? 'auditChanges.yes' : 'auditChanges.no');
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One line of the before/after table. */
export interface ChangeRow {
  field: string;
  label: string;
  /** A password or secret: changed, its values never recorded. */
  redacted: boolean;
  before: string;
  after: string;
}

/** The lines of an audit entry's `changes`, labelled and written out in the reader's language. */
export function changeRows(
  i18n: I18n,
  targetType: string | null | undefined,
  changes: readonly AuditChange[],
): ChangeRow[] {
  return changes.map((change) => {
    const label = fieldLabel(i18n, targetType, change.field);
    if ('redacted' in change) {
      const text = i18n.t('auditChanges.redacted');
      return { field: change.field, label, redacted: true, before: text, after: text };
    }
    return {
      field: change.field,
      label,
      redacted: false,
      before: shownValue(i18n, change.before),
      after: shownValue(i18n, change.after),
    };
  });
}
