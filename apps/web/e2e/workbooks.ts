import type { Download } from '@playwright/test';
import ExcelJS from 'exceljs';

/** The first worksheet of a downloaded xlsx file. */
export async function firstSheetOf(download: Download): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  return workbook.worksheets[0];
}
