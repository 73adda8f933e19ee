import type { FastifyRequest } from 'fastify';
import type { deviceApi } from '@siteops/contracts/device/api';
import { DEVICE_IMPORT_MODES, type DeviceImportMode } from '@siteops/contracts/device/sheet';
import type { JobProgress } from '@siteops/contracts/live/schemas';
import { badRequest, fieldError, forbidden, payloadTooLarge } from '../../core/errors.ts';
import { overLimit } from '../../http/upload.ts';
import { t } from '../../core/messages/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { duplicateDevice } from './service.ts';
import { RowErrors, checkFileDuplicates, parseRows, readSheet } from './importSheet.ts';
import { resolveRows } from './importResolve.ts';
import { writeRows } from './importWrite.ts';

/** The xlsx and the mode out of the multipart body (the mode may also be in the query string). */
async function readUpload(request: FastifyRequest, mode: DeviceImportMode | undefined) {
  if (!request.isMultipart()) {
    throw badRequest(t('import.notMultipart'), { file: t('file.missing.field') });
  }
  let file: { buffer: Buffer; name: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        file = { buffer: await part.toBuffer(), name: part.filename };
      } else if (part.fieldname === 'mode') {
        const value = String(part.value);
        if (!(DEVICE_IMPORT_MODES as readonly string[]).includes(value)) {
          throw fieldError('mode', t('import.badMode', { modes: [...DEVICE_IMPORT_MODES] }));
        }
        mode = value as DeviceImportMode;
      }
    }
  } catch (err) {
    if (overLimit(err)) throw payloadTooLarge(t('import.tooLarge'));
    throw err;
  }
  if (!file) throw badRequest(t('file.missing'), { file: t('file.missing.field') });
  return { file, mode: mode ?? 'all-or-nothing' };
}

type Report = (state: JobProgress['state'], step: string, done: number, total: number) => void;

/**
 * Import devices from an xlsx: every row checked, then all written in one transaction, or (mode
 * `all-or-nothing`) none if any row failed. Idempotent by sn. With `jobId`, progress goes to the live
 * topic `job:<jobId>`, for the importing user only.
 */
export const importDevices: Handler<typeof deviceApi.import> = async (c, query) => {
  const { db, caller, live } = c;
  const actor = c.user;
  // An agent account that belongs to no agent has nowhere to put devices.
  if (caller.role !== 'admin' && caller.agentId === null) throw forbidden();
  const { jobId } = query;
  // Row messages: the asked sheet language, else the request's.
  const lang = query.lang ?? c.lang;
  const report: Report = (state, step, done, total) => {
    if (!jobId) return;
    live.publish({
      topic: `job:${actor.id}:${jobId}`,
      userId: actor.id,
      type: 'job',
      data: { jobId, kind: 'device.import', state, step, done, total },
    });
  };
  report('running', 'reading', 0, 0);
  try {
    const { file, mode } = await readUpload(c.request, query.mode);
    const sheetRows = await readSheet(file.buffer);
    report('running', 'checking', 0, sheetRows.length);
    const errors = new RowErrors(lang);
    const parsed = await parseRows(sheetRows, errors, lang);
    checkFileDuplicates(parsed, errors);
    const valid = parsed.filter((p) => !errors.has(p.row));
    const rows = await resolveRows(db, caller, valid, errors, actor.id, (pw) => c.pii.encrypt(pw, 'devices.hj212_pw'));
    const failed = errors.failedRows.size;
    const answer = { mode, rows: sheetRows.length, failed, errors: errors.list.sort((a, b) => a.row - b.row) };
    if (rows.length === 0 || (mode === 'all-or-nothing' && failed > 0)) {
      report('done', 'done', 0, sheetRows.length);
      c.setMessage(failed ? t('import.nothingFailed', { failed }) : t('import.nothing'));
      return { ...answer, created: 0, updated: 0, committed: false };
    }
    const { created, updated } = await db
      .transaction(async (tx) => {
        const written = await writeRows(tx, caller, rows, (done) => report('running', 'writing', done, rows.length));
        await c.audit(
          {
            action: 'device.import',
            targetType: 'device',
            detail: { fileName: file.name, mode, rows: sheetRows.length, ...written, failed },
          },
          tx,
        );
        return written;
      })
      .catch((err: unknown) => {
        throw duplicateDevice(err, {});
      });
    report('done', 'done', created + updated, sheetRows.length);
    c.setMessage(t(failed ? 'import.doneFailed' : 'import.done', { created, updated, failed }));
    return { ...answer, created, updated, committed: true };
  } catch (err) {
    report('failed', 'failed', 0, 0);
    throw err;
  }
};
