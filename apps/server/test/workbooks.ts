import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { injectOfUnchecked, queryOf, type TestApp } from './harness.ts';
import type { Endpoint } from '@siteops/contracts/shared/endpoint';

/**
 * GETs the xlsx of download endpoint `endpoint` with the query string `query` as `token`, which must answer 200,
 * and answers its first worksheet.
 */
export async function firstSheetAt(
  t: TestApp,
  endpoint: Endpoint,
  query: string,
  token: string,
): Promise<ExcelJS.Worksheet> {
  const res = await t.app.inject(injectOfUnchecked(endpoint, queryOf(query), token));
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0];
}
