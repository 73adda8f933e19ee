import type { TFunction } from 'i18next';
import type { InputOf } from '@siteops/contracts/shared/endpoint';
import type { VisitorItem } from '@siteops/contracts/visitor/schemas';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { PAGE_SIZE_MAX } from '@siteops/contracts/shared/pagination';
import { call } from '@/api/endpoint';
import { saveFile } from '@/lib/saveFile';
import { time } from './visitorView';

/** The most one export takes (the list's filters narrow it). */
export const EXPORT_MAX = 5000;

/** Text a spreadsheet would run as a formula is written with a leading ' (as the device export does). */
const cell = (value: string | null | undefined) => {
  const s = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * The visitors the list's filters select, as a CSV (UTF-8 with BOM, so spreadsheets read Chinese), in
 * the console's language. The ID number is masked, as the server answers it. Answers how many went out.
 */
export async function exportVisitors(
  t: TFunction,
  filters: Omit<InputOf<typeof visitorApi.listAll>, 'page' | 'pageSize'>,
): Promise<{ count: number; truncated: boolean }> {
  const rows: VisitorItem[] = [];
  let total = Infinity;
  for (let page = 1; rows.length < Math.min(total, EXPORT_MAX); page++) {
    const answer = await call(visitorApi.listAll, { ...filters, page, pageSize: PAGE_SIZE_MAX });
    total = answer.total;
    rows.push(...answer.list);
    if (answer.list.length < PAGE_SIZE_MAX) break;
  }
  const out = rows.slice(0, EXPORT_MAX);
  const header = [
    'realName',
    'phone',
    'sex',
    'idNo',
    'project',
    'visitStart',
    'visitEnd',
    'host',
    'reasons',
    'address',
    'status',
    'auditor',
    'auditedAt',
    'auditRemark',
    'createdAt',
  ].map((k) => t(`visitors.${k}`));
  const lines = out.map((v) =>
    [
      v.realName,
      v.phone,
      v.sex ? t(`values.sex.${v.sex}`) : '',
      v.idNo,
      v.projectName,
      time(v.visitStart),
      time(v.visitEnd),
      v.userName,
      v.reasons,
      v.address,
      t(`visitors.statuses.${v.status}`),
      v.auditorName,
      time(v.auditedAt),
      v.auditRemark,
      time(v.createdAt),
    ]
      .map(cell)
      .join(','),
  );
  if (out.length) {
    const csv = `\uFEFF${[header.map(cell).join(','), ...lines].join('\r\n')}\r\n`;
    saveFile(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      `visitors-${time(new Date().toISOString()).replace(/[: ]/g, '')}.csv`,
    );
  }
  return { count: out.length, truncated: total > out.length };
}
