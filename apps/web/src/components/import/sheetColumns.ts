import type { SheetLang } from '@siteops/contracts/device/sheet';
import { sheetLang } from '@/lib/sheetLang';

/** A sheet's column as its template names it in each language. */
export type SheetColumn = { key: string } & Record<SheetLang, string>;

/** The column a row error names, as the template in `lang` heads it (the key if unknown, "-" for the whole row). */
export function sheetColumnLabel(columns: readonly SheetColumn[], column: string | null, lang: string) {
  if (column === null) return '-';
  return columns.find((c) => c.key === column)?.[sheetLang(lang)] ?? column;
}
