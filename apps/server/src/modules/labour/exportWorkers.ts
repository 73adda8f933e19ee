import { and, asc, eq } from 'drizzle-orm';
import type { labourApi } from '@siteops/contracts/labour/api';
import type { WorkerIdType, LabourTrade } from '@siteops/contracts/labour/schemas';
import { LABOUR_TRADE_LABELS, WORKER_ID_TYPE_LABELS } from '@siteops/contracts/labour/sheet';
import { labourTeams, labourWorkers } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { equalFilters } from '../../core/list.ts';
import { forbidden } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { neutralised } from '../../xlsx/text.ts';
import { sendWorkbook } from '../device/sheet.ts';
import { loadLabourProject } from './service.ts';
import { rosterBook } from './workerTemplate.ts';

const FILE = { 'zh-CN': '工人花名册', 'en-US': 'workers' } as const;

/**
 * A project's workers (of the caller's projects; 404 outside them) as the roster import takes them: the
 * template's sheet, columns and drop-downs in `lang`, one row per worker, so the file imports again.
 * ID and bank card numbers are masked unless an admin asks `reveal` (recorded in the audit log; anyone else 403).
 */
export const exportWorkers: Handler<typeof labourApi.exportWorkers> = async (c, q) => {
  const { db, pii } = c;
  const project = await loadLabourProject(db, c.caller, q.projectId);
  if (q.reveal && c.user.role !== 'admin') throw forbidden(t('labour.revealAdminOnly'));
  const rows = await db
    .select({ worker: labourWorkers, teamName: labourTeams.name })
    .from(labourWorkers)
    .leftJoin(labourTeams, eq(labourTeams.id, labourWorkers.teamId))
    .where(and(eq(labourWorkers.projectId, project.id), ...equalFilters(labourWorkers, q, ['status'])))
    .orderBy(asc(labourWorkers.id));
  if (q.reveal) {
    await c.audit({
      action: 'labour.reveal',
      targetType: 'project',
      targetId: project.id,
      detail: { fields: ['idNo', 'bankCardNo'], workers: rows.length, export: true },
    });
  }
  const wb = await rosterBook(q.lang);
  const ws = wb.worksheets[0];
  for (const { worker: w, teamName } of rows) {
    ws.addRow({
      realName: neutralised(w.realName),
      idType: WORKER_ID_TYPE_LABELS[w.idType as WorkerIdType][q.lang],
      idNo: q.reveal ? pii.decrypt(w.idNo, 'labour_workers.id_no') : (pii.masked(w.idNo, 'labour_workers.id_no') ?? ''),
      phone: neutralised(w.phone),
      trade: LABOUR_TRADE_LABELS[w.trade as LabourTrade][q.lang],
      team: neutralised(teamName ?? ''),
      entryDate: w.entryDate,
      bankCardNo: q.reveal
        ? w.bankCardNo && pii.decrypt(w.bankCardNo, 'labour_workers.bank_card_no')
        : (pii.masked(w.bankCardNo, 'labour_workers.bank_card_no') ?? ''),
    });
  }
  const base = `workers-${project.code}`;
  return sendWorkbook(c.reply, wb, {
    fileName: `${FILE[q.lang]}-${project.name}.xlsx`,
    asciiName: `${base.replace(/[^\w.-]/g, '_')}.xlsx`,
    noStore: true,
  });
};
