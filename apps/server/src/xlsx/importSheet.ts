import { SHEET_LANGS, type SheetLang } from '@siteops/contracts/device/sheet';
import { fieldError } from '../core/errors.ts';
import { t } from '../core/messages/index.ts';
import { MAX_UNPACKED_BYTES, XlsxError, readFirstSheet } from './reader.ts';
import { unneutralised } from './text.ts';

/**
 * A small import's first sheet (the workers' roster, the visitors' access devices): the header row names
 * the columns in either sheet language or by key, each later row is read by those columns, and a file
 * that cannot be read, is too long or lacks a required column is the 400 naming `file`.
 */

/** How header texts and labels compare: without a required column's `*`, white space or case. */
export const normLabel = (s: string) => s.replace(/\*/g, '').replace(/\s+/g, '').toLowerCase();

/** Texts (each value, and its label in every sheet language) to the value. */
export function labelLookup<V extends string>(values: readonly V[], labels?: Record<V, Record<SheetLang, string>>) {
  const map = new Map<string, V>();
  for (const v of values) {
    map.set(normLabel(v), v);
    if (labels) for (const lang of SHEET_LANGS) map.set(normLabel(labels[v][lang]), v);
  }
  return map;
}

/** What a failed sheet read answers: the 400 naming `file` when the file is not a readable xlsx, else the error itself. */
export function sheetReadError(err: unknown): unknown {
  if (!(err instanceof XlsxError)) return err;
  if (err.reason === 'tooLarge') {
    return fieldError('file', t('import.unpackedTooLarge', { mb: MAX_UNPACKED_BYTES / 1024 / 1024 }));
  }
  return fieldError('file', t(err.reason === 'noSheet' ? 'import.noSheet' : 'import.notXlsx'));
}

export type ImportColumn = { key: string; required: boolean } & Record<SheetLang, string>;
export type ImportRow<C extends ImportColumn> = { row: number } & Partial<Record<C['key'], string>>;

/**
 * The sheet's rows by column key, blank rows skipped, at most `maxRows` of them. `trim`: cells are
 * trimmed and a cell of only spaces is blank.
 */
export async function readImportSheet<C extends ImportColumn>(
  buffer: Buffer,
  columnsOf: readonly C[],
  maxRows: number,
  { trim }: { trim: boolean },
): Promise<ImportRow<C>[]> {
  type Key = C['key'];
  const headers = labelLookup<Key>(columnsOf.map((c) => c.key as Key));
  for (const c of columnsOf) for (const lang of SHEET_LANGS) headers.set(normLabel(c[lang]), c.key as Key);
  const columns = new Map<number, Key>();
  const rows: ImportRow<C>[] = [];
  try {
    for await (const r of readFirstSheet(buffer, { maxBytes: MAX_UNPACKED_BYTES })) {
      if (r.row === 1) {
        r.cells.forEach((text, col) => {
          const key = text ? headers.get(normLabel(text)) : undefined;
          if (key) columns.set(col, key);
        });
        continue;
      }
      const row = { row: r.row } as ImportRow<C>;
      let any = false;
      for (const [col, key] of columns) {
        const text = trim ? r.cells[col]?.trim() : r.cells[col];
        if (!text) continue;
        (row as Record<string, unknown>)[key] = unneutralised(text);
        any = true;
      }
      if (!any) continue;
      if (rows.length === maxRows) throw fieldError('file', t('import.tooManyRows', { max: maxRows }));
      rows.push(row);
    }
  } catch (err) {
    throw sheetReadError(err);
  }
  const missing = columnsOf.filter((c) => c.required && ![...columns.values()].includes(c.key as Key));
  if (missing.length) {
    throw fieldError(
      'file',
      t('import.missingColumns', { columns: missing.map((c) => `${c['zh-CN']} / ${c['en-US']}`) }),
    );
  }
  return rows;
}
