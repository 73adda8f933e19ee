import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/** GETs the xlsx at `url` as `token`, which must answer 200, and answers its first worksheet. */
export async function firstSheetAt(t: TestApp, url: string, token: string): Promise<ExcelJS.Worksheet> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0];
}
