import { deviceFields, macAddress } from '@siteops/contracts/device/schemas';
import {
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_MAX_ROWS,
  type DeviceImportColumnKey,
  type ImportRowError,
  type SheetLang,
} from '@siteops/contracts/device/sheet';
import { fieldError } from '../../core/errors.ts';
import { t, type Param } from '../../core/messages/index.ts';
import { fieldMessage, parseIn } from '../../core/messages/zod.ts';
import { MAX_UNPACKED_BYTES, readFirstSheet } from '../../xlsx/reader.ts';
import { sheetReadError } from '../../xlsx/importSheet.ts';
import { unneutralised } from '../../xlsx/text.ts';
import {
  directionLabels,
  directionOf,
  headerKeyOf,
  importMessage,
  typeLabels,
  typeOf,
  type ImportMessage,
} from './sheet.ts';

/** Most row errors an answer lists (`failed` still counts them all). */
const MAX_ERRORS = 1000;
/** Rows handled between two turns of the event loop, so health checks and other requests are answered meanwhile. */
const ROWS_PER_TURN = 500;

export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export const OPTIONAL_TEXT = [
  'devName',
  'factoryName',
  'ip',
  'installSite',
  'version',
  'devVer',
  'frpcVer',
  'remoteAccount',
  'hj212Mn',
  'hj212Pw',
  'remark',
] as const;
export type OptionalText = (typeof OPTIONAL_TEXT)[number];

/** One spreadsheet row, parsed; `undefined` fields were empty (an update leaves them unchanged). */
export interface ParsedRow {
  row: number;
  type: string;
  sn: string;
  mac: string;
  direction?: string;
  fields: Partial<Record<OptionalText, string>>;
  agent?: string;
  projectCode?: string;
}

type Cells = Partial<Record<DeviceImportColumnKey, string>>;

export class RowErrors {
  readonly list: ImportRowError[] = [];
  readonly failedRows = new Set<number>();
  constructor(private readonly lang: SheetLang) {}
  add(row: number, column: DeviceImportColumnKey | null, kind: ImportMessage, detail: Param = '') {
    this.failedRows.add(row);
    if (this.list.length >= MAX_ERRORS) return;
    const col = DEVICE_IMPORT_COLUMNS.find((c) => c.key === column)?.[this.lang] ?? '';
    this.list.push({ row, column, message: importMessage(this.lang, kind, col, detail) });
  }
  has(row: number) {
    return this.failedRows.has(row);
  }
}

function checkHeader(columns: Map<number, DeviceImportColumnKey>) {
  const missing = DEVICE_IMPORT_COLUMNS.filter((c) => c.required && ![...columns.values()].includes(c.key));
  if (missing.length) {
    const names = missing.map((c) => `${c['zh-CN']} / ${c['en-US']}`);
    throw fieldError('file', t('import.missingColumns', { columns: names }));
  }
}

/**
 * The first sheet's rows keyed by column, read as a stream: reading stops at the first row past
 * {@link DEVICE_IMPORT_MAX_ROWS}, so an oversized sheet is refused after a fraction of a second
 * whatever its length, and memory holds only the rows kept.
 */
export async function readSheet(buffer: Buffer) {
  const columns = new Map<number, DeviceImportColumnKey>();
  const rows: { row: number; cells: Cells }[] = [];
  let header = false;
  try {
    for await (const r of readFirstSheet(buffer, { maxBytes: MAX_UNPACKED_BYTES })) {
      if (!header) {
        header = true;
        if (r.row === 1) {
          r.cells.forEach((text, col) => {
            const key = headerKeyOf(text);
            if (key && DEVICE_IMPORT_COLUMNS.some((c) => c.key === key)) columns.set(col, key as DeviceImportColumnKey);
          });
        }
        checkHeader(columns);
        if (r.row === 1) continue;
      }
      const cells: Cells = {};
      let any = false;
      for (const [col, key] of columns) {
        const text = r.cells[col];
        if (text) {
          // A sheet we exported comes back with the formula guard on its text.
          cells[key] = unneutralised(text);
          any = true;
        }
      }
      if (!any) continue;
      if (rows.length === DEVICE_IMPORT_MAX_ROWS) {
        throw fieldError('file', t('import.tooManyRows', { max: DEVICE_IMPORT_MAX_ROWS }));
      }
      rows.push({ row: r.row, cells });
      if (rows.length % ROWS_PER_TURN === 0) await nextTurn();
    }
  } catch (err) {
    throw sheetReadError(err);
  }
  if (!header) checkHeader(columns);
  return rows;
}

/** Field checks of one row on its own (formats, required cells, known type and direction). */
function parseRow(row: number, cells: Cells, errors: RowErrors, lang: SheetLang): ParsedRow | undefined {
  // A cell's format problem in the importer's language (zod's own messages and ours).
  const problem = (r: { error?: { issues: { message: string }[] } }) => fieldMessage(r.error!.issues[0].message, lang);
  for (const c of DEVICE_IMPORT_COLUMNS) if (c.required && !cells[c.key]) errors.add(row, c.key, 'required');
  const type = cells.type ? typeOf(cells.type) : undefined;
  if (cells.type && !type) errors.add(row, 'type', 'badType', typeLabels(lang));
  const sn = cells.sn ? parseIn(deviceFields.sn, cells.sn, lang) : undefined;
  if (sn && !sn.success) errors.add(row, 'sn', 'invalid', problem(sn));
  const mac = cells.mac ? parseIn(macAddress, cells.mac, lang) : undefined;
  if (mac && !mac.success) errors.add(row, 'mac', 'invalid', problem(mac));
  const direction = cells.direction ? directionOf(cells.direction) : undefined;
  if (cells.direction && !direction) errors.add(row, 'direction', 'badDirection', directionLabels(lang));
  const fields: ParsedRow['fields'] = {};
  for (const key of OPTIONAL_TEXT) {
    if (!cells[key]) continue;
    const parsed = parseIn(deviceFields[key], cells[key], lang);
    if (!parsed.success) errors.add(row, key, 'invalid', problem(parsed));
    else if (parsed.data) fields[key] = parsed.data;
  }
  if (errors.has(row) || !type || !sn?.success || !mac?.success) return undefined;
  return {
    row,
    type,
    sn: sn.data,
    mac: mac.data,
    direction,
    fields,
    agent: cells.agent,
    projectCode: cells.projectCode,
  };
}

/** Every row's own checks, a slice at a time between turns of the event loop. */
export async function parseRows(rows: { row: number; cells: Cells }[], errors: RowErrors, lang: SheetLang) {
  const parsed: ParsedRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    const p = parseRow(rows[i].row, rows[i].cells, errors, lang);
    if (p) parsed.push(p);
    if ((i + 1) % ROWS_PER_TURN === 0) await nextTurn();
  }
  return parsed;
}

/** Duplicate sn or MAC within the file: every later row naming one is an error pointing at the first. */
export function checkFileDuplicates(parsed: ParsedRow[], errors: RowErrors) {
  const firstSn = new Map<string, number>();
  const firstMac = new Map<string, number>();
  const firstMn = new Map<string, number>();
  for (const p of parsed) {
    const sn = firstSn.get(p.sn);
    if (sn !== undefined) errors.add(p.row, 'sn', 'duplicateInFile', String(sn));
    else firstSn.set(p.sn, p.row);
    const mac = firstMac.get(p.mac);
    if (mac !== undefined) errors.add(p.row, 'mac', 'duplicateInFile', String(mac));
    else firstMac.set(p.mac, p.row);
    const mnValue = p.fields.hj212Mn;
    if (mnValue === undefined) continue;
    const mn = firstMn.get(mnValue);
    if (mn !== undefined) errors.add(p.row, 'hj212Mn', 'duplicateInFile', String(mn));
    else firstMn.set(mnValue, p.row);
  }
}
