import { SHEET_LANGS, type SheetLang } from '@siteops/contracts/device/sheet';

/** The spreadsheet language for the console's language (templates, exports and row messages). */
export function sheetLang(language: string): SheetLang {
  return (SHEET_LANGS as readonly string[]).includes(language) ? (language as SheetLang) : 'zh-CN';
}
