import type { labourApi } from '@siteops/contracts/labour/api';
import { type ImportRowError, type SheetLang } from '@siteops/contracts/device/sheet';
import {
  LABOUR_TRADE_LABELS,
  WORKER_ID_TYPE_LABELS,
  WORKER_IMPORT_COLUMNS,
  WORKER_IMPORT_MAX_ROWS,
} from '@siteops/contracts/labour/sheet';
import {
  BANK_CARD_PATTERN,
  LABOUR_TRADES,
  WORKER_ID_TYPES,
  type LabourTrade,
  type WorkerIdType,
} from '@siteops/contracts/labour/schemas';
import { isCalendarDate } from '@siteops/contracts/shared/pagination';
import { ID_NO_PATTERN, PHONE_PATTERN } from '@siteops/contracts/user/schemas';
import { eq } from 'drizzle-orm';
import { labourTeams, labourWorkers } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { ApiError, payloadTooLarge } from '../../core/errors.ts';
import { filePart, overLimit } from '../../http/upload.ts';
import { t, type Text } from '../../core/messages/index.ts';
import { labelLookup, normLabel, readImportSheet } from '../../xlsx/importSheet.ts';
import { assertIdUsable, identityOf, todayAt } from './rules.ts';
import { loadLabourProject, settingsOf } from './service.ts';
import type { WorkerGates } from './gate.ts';
import { recheckCertificateBars, workersIn } from './certificateGate.ts';

const ID_TYPES = labelLookup<WorkerIdType>(WORKER_ID_TYPES, WORKER_ID_TYPE_LABELS);
const TRADES = labelLookup<LabourTrade>(LABOUR_TRADES, LABOUR_TRADE_LABELS);
type Key = (typeof WORKER_IMPORT_COLUMNS)[number]['key'];

/**
 * Register a project's workers from an xlsx roster. Every row is checked first, as one registered in the
 * form would be (required fields, ID type and trade by label in either language, a mainland ID number's
 * check digit, the team by name in the project, the date; an ID number twice in the file, already in the
 * project, or blacklisted on another project of the agent); any row error means nothing is written.
 * The workers are on site from their entry date (today when empty).
 */
export const importWorkers =
  (gates: WorkerGates): Handler<typeof labourApi.importWorkers> =>
  async (c, query) => {
    const { db, pii, config } = c;
    const lang: SheetLang = query.lang ?? c.lang;
    const project = await loadLabourProject(db, c.caller, query.projectId);
    let buffer: Buffer;
    try {
      buffer = await (await filePart(c.request, config.uploadMaxBytes, t('import.notMultipart'))).toBuffer();
    } catch (err) {
      if (overLimit(err)) throw payloadTooLarge(t('import.tooLarge'));
      throw err;
    }
    const rows = await readImportSheet(buffer, WORKER_IMPORT_COLUMNS, WORKER_IMPORT_MAX_ROWS, { trim: true });
    const teams = new Map(
      (
        await db
          .select({ id: labourTeams.id, name: labourTeams.name })
          .from(labourTeams)
          .where(eq(labourTeams.projectId, project.id))
      ).map((x) => [normLabel(x.name), x.id]),
    );
    const today = todayAt((await settingsOf(db, project.id)).utcOffsetMinutes);
    const errors: ImportRowError[] = [];
    const label = (key: Key) => WORKER_IMPORT_COLUMNS.find((col) => col.key === key)![lang];
    const fail = (row: number, key: Key, message: Text) =>
      errors.push({ row, column: key, message: message.render(lang) });
    const invalid = (row: number, key: Key, detail: string | Text) =>
      fail(row, key, t('import.row.invalid', { col: label(key), detail }));
    const firstRow = new Map<string, number>();
    const values: (typeof labourWorkers.$inferInsert)[] = [];
    for (const r of rows) {
      const before = errors.length;
      for (const c of WORKER_IMPORT_COLUMNS)
        if (c.required && !r[c.key]) fail(r.row, c.key, t('import.row.required', { col: label(c.key) }));
      const idType = r.idType ? ID_TYPES.get(normLabel(r.idType)) : 'mainland';
      if (!idType) invalid(r.row, 'idType', WORKER_ID_TYPES.map((v) => WORKER_ID_TYPE_LABELS[v][lang]).join(', '));
      const trade = r.trade ? TRADES.get(normLabel(r.trade)) : undefined;
      if (r.trade && !trade) invalid(r.row, 'trade', r.trade);
      const teamId = r.team ? teams.get(normLabel(r.team)) : undefined;
      if (r.team && teamId === undefined) invalid(r.row, 'team', r.team);
      if (r.entryDate && !isCalendarDate(r.entryDate)) invalid(r.row, 'entryDate', 'YYYY-MM-DD');
      if (r.phone && !PHONE_PATTERN.test(r.phone)) invalid(r.row, 'phone', r.phone);
      const bankCardNo = r.bankCardNo?.replace(/[\s-]/g, '');
      if (bankCardNo && !BANK_CARD_PATTERN.test(bankCardNo)) invalid(r.row, 'bankCardNo', r.bankCardNo!);
      const idNo = r.idNo?.replace(/\s+/g, '').toUpperCase();
      let identity: { gender: string | null; birthDate: string | null } | undefined;
      if (idNo && idType) {
        const dup = firstRow.get(idNo);
        if (dup !== undefined) fail(r.row, 'idNo', t('import.row.duplicateInFile', { detail: dup }));
        else firstRow.set(idNo, r.row);
        try {
          if (!ID_NO_PATTERN.test(idNo)) invalid(r.row, 'idNo', idNo);
          else {
            identity = identityOf(idType, idNo, {});
            await assertIdUsable(db, project, pii.searchHash(idNo));
          }
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          const reason = (err.data as { fields?: Record<string, Text> } | null)?.fields?.idNo ?? err.text;
          invalid(r.row, 'idNo', reason);
        }
      }
      if (errors.length > before || !idNo || !idType || !trade || !identity) continue;
      values.push({
        projectId: project.id,
        realName: r.realName!.slice(0, 64),
        idType,
        idNo: pii.encrypt(idNo, 'labour_workers.id_no'),
        idNoHash: pii.searchHash(idNo),
        phone: r.phone!,
        ...identity,
        teamId: teamId ?? null,
        trade,
        bankCardNo: bankCardNo ? pii.encrypt(bankCardNo, 'labour_workers.bank_card_no') : null,
        entryDate: r.entryDate ?? today,
        status: 'on_site',
        createdId: c.user.id,
        updatedId: c.user.id,
      });
    }
    const failed = new Set(errors.map((e) => e.row)).size;
    if (failed || !values.length) {
      return { rows: rows.length, created: 0, updated: 0, failed, committed: false, errors: errors.slice(0, 1000) };
    }
    await db.transaction(async (tx) => {
      const ids = (await tx.insert(labourWorkers).values(values).returning({ id: labourWorkers.id })).map((x) => x.id);
      await recheckCertificateBars(tx, gates, workersIn(ids));
      await gates.mark(tx, ids);
      await c.audit(
        {
          action: 'labour.importWorkers',
          targetType: 'project',
          targetId: project.id,
          detail: { rows: rows.length, created: ids.length },
        },
        tx,
      );
    });
    return { rows: rows.length, created: values.length, updated: 0, failed: 0, committed: true, errors: [] };
  };
