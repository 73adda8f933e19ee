import type { labourApi } from '@siteops/contracts/labour/api';
import type { SheetLang } from '@siteops/contracts/device/sheet';
import { LABOUR_TRADES, WORKER_ID_TYPES } from '@siteops/contracts/labour/schemas';
import {
  LABOUR_TRADE_LABELS,
  WORKER_ID_TYPE_LABELS,
  WORKER_IMPORT_COLUMNS,
  WORKER_IMPORT_MAX_ROWS,
} from '@siteops/contracts/labour/sheet';
import type { Handler } from '../../http/endpoint.ts';
import { headerLabel, importTemplateBook, sendWorkbook } from '../device/sheet.ts';

export const ROSTER_TEXT = {
  sheet: { 'zh-CN': '工人花名册', 'en-US': 'Workers' },
  file: { 'zh-CN': '工人花名册导入模板', 'en-US': 'worker-roster-import-template' },
} as const;

/** The roster import template: its columns, with drop-downs of the ID types and trades in `lang` (the export's too). */
export const rosterBook = (lang: SheetLang) =>
  importTemplateBook({
    name: ROSTER_TEXT.sheet[lang],
    columns: WORKER_IMPORT_COLUMNS.map((c) => ({ header: headerLabel(c, lang), key: c.key, width: 20 })),
    lists: {
      idType: WORKER_ID_TYPES.map((v) => WORKER_ID_TYPE_LABELS[v][lang]),
      trade: LABOUR_TRADES.map((v) => LABOUR_TRADE_LABELS[v][lang]),
    },
    maxRows: WORKER_IMPORT_MAX_ROWS,
  });

export const downloadWorkerTemplate: Handler<typeof labourApi.workerTemplate> = async (c, { lang }) =>
  sendWorkbook(c.reply, rosterBook(lang), {
    fileName: `${ROSTER_TEXT.file[lang]}.xlsx`,
    asciiName: 'worker-roster-import-template.xlsx',
  });
