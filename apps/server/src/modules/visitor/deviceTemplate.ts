import ExcelJS from 'exceljs';
import type { visitorApi } from '@siteops/contracts/api/visitor';
import { DEVICE_DIRECTIONS } from '@siteops/contracts/device';
import { DEVICE_DIRECTION_LABELS, type SheetLang } from '@siteops/contracts/deviceSheet';
import { VISITOR_DEVICE_IMPORT_COLUMNS, VISITOR_DEVICE_IMPORT_MAX_ROWS } from '@siteops/contracts/visitorDevice';
import { sendAttachment } from '../../http/attachment.ts';
import type { Handler } from '../../http/endpoint.ts';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TEXT = {
  sheet: { 'zh-CN': '访客设备', 'en-US': 'Visitor devices' },
  file: { 'zh-CN': '访客设备授权导入模板', 'en-US': 'visitor-device-import-template' },
} as const;

/** The authorisation import template: serial number and direction (a drop-down of the labels in `lang`). */
async function template(lang: SheetLang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'SiteOps';
  const ws = wb.addWorksheet(TEXT.sheet[lang], { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = VISITOR_DEVICE_IMPORT_COLUMNS.map((c) => ({
    header: c.required ? `${c[lang]} *` : c[lang],
    key: c.key,
    width: 24,
    style: { numFmt: '@' },
  }));
  ws.getRow(1).font = { bold: true };
  const letter = ws.getColumn('direction').letter;
  // Present at run time (exceljs 4.4) but missing from its type declarations.
  const validations = (ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } })
    .dataValidations;
  validations.add(`${letter}2:${letter}${VISITOR_DEVICE_IMPORT_MAX_ROWS + 1}`, {
    type: 'list',
    allowBlank: true,
    formulae: [`"${DEVICE_DIRECTIONS.map((d) => DEVICE_DIRECTION_LABELS[d][lang]).join(',')}"`],
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const downloadVisitorDeviceTemplate: Handler<typeof visitorApi.deviceTemplate> = async (c, { lang }) =>
  sendAttachment(c.reply, await template(lang), {
    type: XLSX_MIME,
    fileName: `${TEXT.file[lang]}.xlsx`,
    asciiName: 'visitor-device-import-template.xlsx',
  });
