import type ExcelJS from 'exceljs';

let loaded: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded on the first workbook a server writes rather than at start: it is about 25 MB resident
 * once loaded, and most servers write a template or a report now and then, if ever. Import it only
 * through here (`import type` for its types).
 */
export const excel = (): Promise<typeof ExcelJS> => (loaded ??= import('exceljs').then((m) => m.default));
