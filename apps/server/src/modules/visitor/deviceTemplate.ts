import type { visitorApi } from '@siteops/contracts/visitor/api';
import type { SheetLang } from '@siteops/contracts/device/sheet';
import { VISITOR_DEVICE_IMPORT_COLUMNS, VISITOR_DEVICE_IMPORT_MAX_ROWS } from '@siteops/contracts/visitor/device';
import type { Handler } from '../../http/endpoint.ts';
import { directionLabels, headerLabel, importTemplateBook, sendWorkbook } from '../device/sheet.ts';

const TEXT = {
  sheet: { 'zh-CN': '访客设备', 'en-US': 'Visitor devices' },
  file: { 'zh-CN': '访客设备授权导入模板', 'en-US': 'visitor-device-import-template' },
} as const;

/** The authorisation import template: serial number and direction (a drop-down of the labels in `lang`). */
const template = (lang: SheetLang) =>
  importTemplateBook({
    name: TEXT.sheet[lang],
    columns: VISITOR_DEVICE_IMPORT_COLUMNS.map((c) => ({ header: headerLabel(c, lang), key: c.key, width: 24 })),
    lists: { direction: directionLabels(lang) },
    maxRows: VISITOR_DEVICE_IMPORT_MAX_ROWS,
  });

export const downloadVisitorDeviceTemplate: Handler<typeof visitorApi.deviceTemplate> = async (c, { lang }) =>
  sendWorkbook(c.reply, template(lang), {
    fileName: `${TEXT.file[lang]}.xlsx`,
    asciiName: 'visitor-device-import-template.xlsx',
  });
