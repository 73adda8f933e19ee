import type ExcelJS from 'exceljs';
import type { CellValue } from 'exceljs';
import type { FastifyReply } from 'fastify';
import { sendAttachment } from '../../http/attachment.ts';
import { excel } from '../../xlsx/excel.ts';
import { t, type Param } from '../../core/messages/index.ts';
import { DEVICE_TYPES } from '@siteops/contracts/device-protocol';
import { DEVICE_DIRECTIONS } from '@siteops/contracts/device/schemas';
import {
  DEVICE_DIRECTION_LABELS,
  DEVICE_EXPORT_COLUMNS,
  DEVICE_IMPORT_COLUMNS,
  DEVICE_TYPE_LABELS,
  SHEET_LANGS,
  type SheetLang,
} from '@siteops/contracts/device/sheet';

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

/** A workbook answered as the download, written whole: a template or a report, small enough to hold. */
export async function sendWorkbook(
  reply: FastifyReply,
  workbook: ExcelJS.Workbook | Promise<ExcelJS.Workbook>,
  file: { fileName: string; asciiName: string; noStore?: boolean },
): Promise<FastifyReply> {
  const wb = await workbook;
  return sendAttachment(reply, Buffer.from(await wb.xlsx.writeBuffer()), { type: XLSX_MIME, ...file });
}

/**
 * An import template: a workbook whose data sheet has the headers (bold, frozen above the rows), every
 * cell as text so serial numbers and MACs keep their leading zeros, and for each column of `lists` a
 * drop-down of its labels on every row a file may have (`maxRows`).
 */
export async function importTemplateBook(sheet: {
  name: string;
  columns: { header: string; key: string; width: number }[];
  lists: Record<string, string[]>;
  maxRows: number;
}): Promise<ExcelJS.Workbook> {
  const ExcelJS = await excel();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'SiteOps';
  const ws = wb.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = sheet.columns.map((c) => ({ ...c, style: { numFmt: '@' } }));
  ws.getRow(1).font = { bold: true };
  // Present at run time (exceljs 4.4) but missing from its type declarations; ranges are kept as one rule.
  const validations = (ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } })
    .dataValidations;
  for (const [key, values] of Object.entries(sheet.lists)) {
    const letter = ws.getColumn(key).letter;
    validations.add(`${letter}2:${letter}${sheet.maxRows + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`"${values.join(',')}"`],
    });
  }
  return wb;
}

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

/** Row messages of an import (catalog keys `import.row.<kind>`). */
export type ImportMessage =
  | 'required'
  | 'invalid'
  | 'badType'
  | 'badDirection'
  | 'duplicateInFile'
  | 'unusable'
  | 'macUsed'
  | 'mnUsed'
  | 'unknownAgent'
  | 'foreignAgent'
  | 'unknownProject'
  | 'projectAgent';

export function importMessage(lang: SheetLang, kind: ImportMessage, col: string, detail: Param = '') {
  return t(`import.row.${kind}`, { col, detail }).render(lang);
}

/** The device types (or directions) a cell may name, by their labels in `lang`, never the internal codes. */
export const typeLabels = (lang: SheetLang) => DEVICE_TYPES.map((k) => DEVICE_TYPE_LABELS[k][lang]);
export const directionLabels = (lang: SheetLang) => DEVICE_DIRECTIONS.map((k) => DEVICE_DIRECTION_LABELS[k][lang]);
