import type { CellValue } from 'exceljs';
import { DEVICE_TYPES } from '@siteops/contracts/device-protocol';
import {
  DEVICE_DIRECTIONS,
  DEVICE_DIRECTION_LABELS,
  DEVICE_EXPORT_COLUMNS,
  DEVICE_IMPORT_COLUMNS,
  DEVICE_TYPE_LABELS,
  SHEET_LANGS,
  type SheetLang,
} from '@siteops/contracts/device';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const norm = (s: string) => s.replace(/\*/g, '').replace(/\s+/g, '').toLowerCase();

/** Header text -> column key, for both languages' labels and the keys themselves. */
const HEADER_KEYS = new Map<string, string>();
for (const c of [...DEVICE_IMPORT_COLUMNS, ...DEVICE_EXPORT_COLUMNS]) {
  HEADER_KEYS.set(norm(c.key), c.key);
  for (const lang of SHEET_LANGS) HEADER_KEYS.set(norm(c[lang]), c.key);
}
export const headerKeyOf = (text: string) => HEADER_KEYS.get(norm(text));

/** A header cell as the template writes it: the label, and `*` for required columns. */
export const headerLabel = (c: { required: boolean } & Record<SheetLang, string>, lang: SheetLang) =>
  c.required ? `${c[lang]} *` : c[lang];

function valueMap<K extends string>(keys: readonly K[], labels: Record<K, Record<SheetLang, string>>) {
  const map = new Map<string, K>();
  for (const k of keys) {
    map.set(norm(k), k);
    for (const lang of SHEET_LANGS) map.set(norm(labels[k][lang]), k);
  }
  return (text: string) => map.get(norm(text));
}
/** A type cell: the key (`face`) or either language's label. */
export const typeOf = valueMap(DEVICE_TYPES, DEVICE_TYPE_LABELS);
/** A direction cell: the key (`in`) or either language's label. */
export const directionOf = valueMap(DEVICE_DIRECTIONS, DEVICE_DIRECTION_LABELS);

/** The text of a cell whatever exceljs made of it (rich text, hyperlink, formula, number, date). */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText(value.result as CellValue);
    if ('error' in value) return '';
  }
  return String(value as unknown).trim();
}

/** Row messages of an import, in the importer's language. */
const MESSAGES = {
  required: { 'zh-CN': '{col}不能为空', 'en-US': '{col} is required' },
  invalid: { 'zh-CN': '{col}格式不正确：{detail}', 'en-US': '{col} is invalid: {detail}' },
  badType: { 'zh-CN': '设备类型必须是：{detail}', 'en-US': 'device type must be one of: {detail}' },
  badDirection: { 'zh-CN': '进出方向必须是：{detail}', 'en-US': 'direction must be one of: {detail}' },
  duplicateInFile: { 'zh-CN': '与第 {detail} 行重复', 'en-US': 'same as row {detail}' },
  snOutOfScope: {
    'zh-CN': '序列号已被其他代理商的设备使用',
    'en-US': 'this serial number belongs to a device you cannot manage',
  },
  macUsed: { 'zh-CN': 'MAC地址已被设备 {detail} 使用', 'en-US': 'MAC address already used by device {detail}' },
  macUsedElsewhere: {
    'zh-CN': 'MAC地址已被其他代理商的设备使用',
    'en-US': 'MAC address already used by a device you cannot manage',
  },
  unknownAgent: { 'zh-CN': '代理商“{detail}”不存在', 'en-US': 'agent "{detail}" does not exist' },
  foreignAgent: { 'zh-CN': '只能导入到自己的代理商', 'en-US': 'you can only import into your own agent' },
  unknownProject: {
    'zh-CN': '项目编号“{detail}”不存在或不可用',
    'en-US': 'project code "{detail}" does not exist or is not yours',
  },
  projectAgent: {
    'zh-CN': '项目不属于代理商“{detail}”',
    'en-US': 'the project does not belong to agent "{detail}"',
  },
} as const;
export type ImportMessage = keyof typeof MESSAGES;

export function importMessage(lang: SheetLang, kind: ImportMessage, col: string, detail = '') {
  return MESSAGES[kind][lang].replace('{col}', col).replace('{detail}', detail);
}
