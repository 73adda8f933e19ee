import type ExcelJS from 'exceljs';
import type { deviceApi } from '@siteops/contracts/device/api';
import { DEVICE_TYPES } from '@siteops/contracts/device-protocol';
import {
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_MAX_ROWS,
  DEVICE_TYPE_LABELS,
  type SheetLang,
} from '@siteops/contracts/device/sheet';
import type { Handler } from '../../http/endpoint.ts';
import { directionLabels, headerLabel, importTemplateBook, sendWorkbook, typeLabels } from './sheet.ts';

const TEXT = {
  sheet: { 'zh-CN': '设备', 'en-US': 'Devices' },
  help: { 'zh-CN': '说明', 'en-US': 'Instructions' },
  file: { 'zh-CN': '设备导入模板', 'en-US': 'device-import-template' },
  helpHeader: {
    'zh-CN': ['列', '必填', '说明'],
    'en-US': ['Column', 'Required', 'What to enter'],
  },
  yes: { 'zh-CN': '是', 'en-US': 'yes' },
  no: { 'zh-CN': '否', 'en-US': 'no' },
  notes: {
    type: { 'zh-CN': '从下拉列表选择', 'en-US': 'pick from the list' },
    sn: {
      'zh-CN': '1-64 位字母、数字或 _ . : -；已存在的序列号会被更新',
      'en-US': '1-64 letters, digits or _ . : -; a known serial number is updated',
    },
    mac: {
      'zh-CN': '如 AA:BB:CC:DD:EE:FF（也可用 - 或不分隔）',
      'en-US': 'e.g. AA:BB:CC:DD:EE:FF (- or no separator also work)',
    },
    direction: { 'zh-CN': '门禁设备：无 / 进 / 出', 'en-US': 'access devices: None / In / Out' },
    agent: { 'zh-CN': '代理商名称；代理商导入时留空', 'en-US': "the agent's name; agents leave it empty" },
    projectCode: { 'zh-CN': '项目编号（项目列表中可见）', 'en-US': "the project's code (see the project list)" },
    hj212Mn: {
      'zh-CN': 'HJ 212 扬尘监测仪的 MN（唯一）；其他设备留空',
      'en-US': "an HJ 212 dust monitor's MN (unique); empty for other devices",
    },
    hj212Pw: {
      'zh-CN': 'HJ 212 访问密码 PW（加密保存，不会导出）',
      'en-US': 'the HJ 212 access password PW (stored encrypted, never exported)',
    },
    other: { 'zh-CN': '可选；更新时留空表示不修改', 'en-US': 'optional; when updating, empty leaves it unchanged' },
  },
  limit: {
    'zh-CN': `每次最多 ${DEVICE_IMPORT_MAX_ROWS} 行；第 1 行是表头，数据从第 2 行开始。`,
    'en-US': `At most ${DEVICE_IMPORT_MAX_ROWS} rows per file; row 1 is the header, data starts on row 2.`,
  },
} as const;

/** The import template: headers in the asked language, drop-down lists for type and direction, and an instructions sheet. */
async function importTemplate(lang: SheetLang): Promise<ExcelJS.Workbook> {
  const wb = await importTemplateBook({
    name: TEXT.sheet[lang],
    columns: DEVICE_IMPORT_COLUMNS.map((c) => ({
      header: headerLabel(c, lang),
      key: c.key,
      width: Math.max(14, c[lang].length * 2 + 4),
    })),
    lists: { type: typeLabels(lang), direction: directionLabels(lang) },
    maxRows: DEVICE_IMPORT_MAX_ROWS,
  });

  const help = wb.addWorksheet(TEXT.help[lang]);
  help.columns = [{ width: 18 }, { width: 10 }, { width: 70 }];
  help.addRow([...TEXT.helpHeader[lang]]).font = { bold: true };
  for (const c of DEVICE_IMPORT_COLUMNS) {
    const note = (TEXT.notes as Record<string, Record<SheetLang, string>>)[c.key] ?? TEXT.notes.other;
    help.addRow([c[lang], c.required ? TEXT.yes[lang] : TEXT.no[lang], note[lang]]);
  }
  help.addRow([]);
  help.addRow([TEXT.limit[lang]]);
  help.addRow([DEVICE_TYPES.map((t) => `${DEVICE_TYPE_LABELS[t][lang]} = ${t}`).join('; ')]);
  return wb;
}

export const downloadImportTemplate: Handler<typeof deviceApi.importTemplate> = async (c, { lang }) =>
  sendWorkbook(c.reply, importTemplate(lang), {
    fileName: `${TEXT.file[lang]}.xlsx`,
    asciiName: 'device-import-template.xlsx',
  });
