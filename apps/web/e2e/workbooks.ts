import { expect, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';

/** The first worksheet of a downloaded xlsx file. */
export async function firstSheetOf(download: Download): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  return workbook.worksheets[0];
}

/** The first worksheet of the file the page downloads when `start` runs, having checked it is named *.xlsx. */
export async function downloadedSheet(page: Page, start: () => Promise<void>): Promise<ExcelJS.Worksheet> {
  const download = page.waitForEvent('download');
  await start();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  return firstSheetOf(file);
}
