import ExcelJS from 'exceljs';
import { and, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { deviceApi } from '@siteops/contracts/api/device';
import { Code } from '@siteops/contracts/envelope';
import {
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_MAX_ROWS,
  DEVICE_IMPORT_MODES,
  deviceFields,
  macAddress,
  type DeviceImportColumnKey,
  type DeviceImportMode,
  type ImportRowError,
  type SheetLang,
} from '@siteops/contracts/device';
import type { JobProgress } from '@siteops/contracts/live';
import type { Db } from '../../db/client.ts';
import { agents, devices, projects } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { ApiError, badRequest, conflict, fieldError, forbidden } from '../../http/errors.ts';
import { t, type Param } from '../../http/messages/index.ts';
import { fieldMessage, parseIn } from '../../http/messages/zod.ts';
import type { Handler } from '../../http/endpoint.ts';
import { duplicateDevice } from './service.ts';
import {
  cellText,
  directionLabels,
  directionOf,
  headerKeyOf,
  importMessage,
  typeLabels,
  typeOf,
  type ImportMessage,
} from './sheet.ts';

/** Rows per INSERT: 1,000 rows x 17 columns stays far below PostgreSQL's 65,535 parameters. */
const WRITE_CHUNK = 1000;
/** Rows per lookup (sn, mac IN (...)). */
const READ_CHUNK = 2000;
/** Most row errors an answer lists (`failed` still counts them all). */
const MAX_ERRORS = 1000;

const OPTIONAL_TEXT = [
  'devName',
  'factoryName',
  'ip',
  'installSite',
  'version',
  'devVer',
  'frpcVer',
  'remoteAccount',
  'remark',
] as const;
type OptionalText = (typeof OPTIONAL_TEXT)[number];

/** One spreadsheet row, parsed; `undefined` fields were empty (an update leaves them unchanged). */
interface ParsedRow {
  row: number;
  type: string;
  sn: string;
  mac: string;
  direction?: string;
  fields: Partial<Record<OptionalText, string>>;
  agent?: string;
  projectCode?: string;
}

type DeviceInsert = typeof devices.$inferInsert;

class RowErrors {
  readonly list: ImportRowError[] = [];
  readonly failedRows = new Set<number>();
  constructor(private readonly lang: SheetLang) {}
  add(row: number, column: DeviceImportColumnKey | null, kind: ImportMessage, detail: Param = '') {
    this.failedRows.add(row);
    if (this.list.length >= MAX_ERRORS) return;
    const col = DEVICE_IMPORT_COLUMNS.find((c) => c.key === column)?.[this.lang] ?? '';
    this.list.push({ row, column, message: importMessage(this.lang, kind, col, detail) });
  }
  has(row: number) {
    return this.failedRows.has(row);
  }
}

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
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError(413, Code.payloadTooLarge, t('import.tooLarge'));
    }
    throw err;
  }
  if (!file) throw badRequest(t('file.missing'), { file: t('file.missing.field') });
  return { file, mode: mode ?? 'all-or-nothing' };
}

/**
 * The first sheet's rows keyed by column. The whole workbook is loaded (the upload limit bounds it):
 * exceljs's streaming reader parks sheets that precede the shared strings in temp files and was not
 * dependable under load here.
 */
async function readSheet(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw fieldError('file', t('import.notXlsx'));
  }
  const ws = wb.worksheets[0];
  if (!ws) throw fieldError('file', t('import.noSheet'));
  const columns = new Map<number, DeviceImportColumnKey>();
  ws.getRow(1).eachCell((cell, col) => {
    const key = headerKeyOf(cellText(cell.value));
    if (key && DEVICE_IMPORT_COLUMNS.some((c) => c.key === key)) columns.set(col, key as DeviceImportColumnKey);
  });
  const missing = DEVICE_IMPORT_COLUMNS.filter((c) => c.required && ![...columns.values()].includes(c.key));
  if (missing.length) {
    const columns = missing.map((c) => `${c['zh-CN']} / ${c['en-US']}`);
    throw fieldError('file', t('import.missingColumns', { columns }));
  }
  const rows: { row: number; cells: Partial<Record<DeviceImportColumnKey, string>> }[] = [];
  ws.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: Partial<Record<DeviceImportColumnKey, string>> = {};
    let any = false;
    for (const [col, key] of columns) {
      const text = cellText(r.getCell(col).value);
      if (text) {
        cells[key] = text;
        any = true;
      }
    }
    if (any) rows.push({ row: rowNumber, cells });
  });
  if (rows.length > DEVICE_IMPORT_MAX_ROWS) {
    throw fieldError('file', t('import.tooManyRows', { max: DEVICE_IMPORT_MAX_ROWS, rows: rows.length }));
  }
  return rows;
}

/** Field checks of one row on its own (formats, required cells, known type and direction). */
function parseRow(
  row: number,
  cells: Partial<Record<DeviceImportColumnKey, string>>,
  errors: RowErrors,
  lang: SheetLang,
): ParsedRow | undefined {
  // A cell's format problem in the importer's language (zod's own messages and ours).
  const problem = (r: { error?: { issues: { message: string }[] } }) => fieldMessage(r.error!.issues[0].message, lang);
  for (const c of DEVICE_IMPORT_COLUMNS) if (c.required && !cells[c.key]) errors.add(row, c.key, 'required');
  const type = cells.type ? typeOf(cells.type) : undefined;
  if (cells.type && !type) errors.add(row, 'type', 'badType', typeLabels(lang));
  const sn = cells.sn ? parseIn(deviceFields.sn, cells.sn, lang) : undefined;
  if (sn && !sn.success) errors.add(row, 'sn', 'invalid', problem(sn));
  const mac = cells.mac ? parseIn(macAddress, cells.mac, lang) : undefined;
  if (mac && !mac.success) errors.add(row, 'mac', 'invalid', problem(mac));
  const direction = cells.direction ? directionOf(cells.direction) : undefined;
  if (cells.direction && !direction) errors.add(row, 'direction', 'badDirection', directionLabels(lang));
  const fields: ParsedRow['fields'] = {};
  for (const key of OPTIONAL_TEXT) {
    if (!cells[key]) continue;
    const parsed = parseIn(deviceFields[key], cells[key], lang);
    if (!parsed.success) errors.add(row, key, 'invalid', problem(parsed));
    else if (parsed.data) fields[key] = parsed.data;
  }
  if (errors.has(row) || !type || !sn?.success || !mac?.success) return undefined;
  return {
    row,
    type,
    sn: sn.data,
    mac: mac.data,
    direction,
    fields,
    agent: cells.agent,
    projectCode: cells.projectCode,
  };
}

/**
 * `column IN (…)` with the list as ONE JSON parameter: thousands of bind parameters are slow to
 * bind, most of all on PGlite.
 */
const inJsonList = (column: AnyColumn, values: string[]) =>
  sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

async function inChunks<T, R>(items: T[], size: number, read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await read(items.slice(i, i + size))));
  return out;
}

/**
 * Everything that needs the database: sn and MAC against existing devices, agents and projects the
 * caller may use. Answers the complete rows to write (an existing device merged with the non-empty cells).
 */
async function resolveRows(db: Db, caller: Caller, parsed: ParsedRow[], errors: RowErrors, actorId: number) {
  const inScope = scope.devices(caller) ?? sql`true`;
  const existing = new Map(
    (
      await inChunks(
        parsed.map((p) => p.sn),
        READ_CHUNK,
        (sns) =>
          db
            .select({
              id: devices.id,
              sn: devices.sn,
              mac: devices.mac,
              type: devices.type,
              devName: devices.devName,
              factoryName: devices.factoryName,
              ip: devices.ip,
              installSite: devices.installSite,
              version: devices.version,
              devVer: devices.devVer,
              frpcVer: devices.frpcVer,
              remoteAccount: devices.remoteAccount,
              remark: devices.remark,
              direction: devices.direction,
              agentId: devices.agentId,
              projectId: devices.projectId,
              inScope: sql<boolean>`coalesce(${inScope}, false)`,
            })
            .from(devices)
            .where(inJsonList(devices.sn, sns)),
      )
    ).map((d) => [d.sn, d]),
  );
  const macOwners = new Map(
    (
      await inChunks(
        parsed.map((p) => p.mac),
        READ_CHUNK,
        (macs) =>
          db
            .select({ mac: devices.mac, sn: devices.sn, inScope: sql<boolean>`coalesce(${inScope}, false)` })
            .from(devices)
            .where(inJsonList(devices.mac, macs)),
      )
    ).map((d) => [d.mac!, d]),
  );
  const agentNames = [...new Set(parsed.map((p) => p.agent).filter((a): a is string => !!a))];
  const agentRows = agentNames.length
    ? await db.select({ id: agents.id, name: agents.name }).from(agents).where(inArray(agents.name, agentNames))
    : [];
  const codes = [...new Set(parsed.map((p) => p.projectCode).filter((c): c is string => !!c))];
  const projectRows = codes.length
    ? await inChunks(codes, READ_CHUNK, (chunk) =>
        db
          .select({ id: projects.id, code: projects.code, agentId: projects.agentId })
          .from(projects)
          .where(and(inArray(projects.code, chunk), scope.projects(caller))),
      )
    : [];

  const out: DeviceInsert[] = [];
  for (const p of parsed) {
    const current = existing.get(p.sn);
    if (current && !current.inScope) errors.add(p.row, 'sn', 'snOutOfScope');
    const macOwner = macOwners.get(p.mac);
    if (macOwner && macOwner.sn !== p.sn) {
      if (macOwner.inScope) errors.add(p.row, 'mac', 'macUsed', macOwner.sn);
      else errors.add(p.row, 'mac', 'macUsedElsewhere');
    }

    let agentId: number | null | undefined;
    if (p.agent) {
      const agent = agentRows.find((a) => a.name === p.agent);
      if (!agent) errors.add(p.row, 'agent', 'unknownAgent', p.agent);
      else if (caller.role !== 'admin' && agent.id !== caller.agentId) errors.add(p.row, 'agent', 'foreignAgent');
      else agentId = agent.id;
    }
    let projectId: number | undefined;
    if (p.projectCode) {
      const project = projectRows.find((r) => r.code === p.projectCode);
      if (!project) errors.add(p.row, 'projectCode', 'unknownProject', p.projectCode);
      else if (agentId !== undefined && project.agentId !== null && project.agentId !== agentId) {
        errors.add(p.row, 'projectCode', 'projectAgent', p.agent);
      } else {
        projectId = project.id;
        // A project names its agent: the device follows it unless the row says otherwise.
        if (agentId === undefined && project.agentId !== null) agentId = project.agentId;
      }
    }
    if (errors.has(p.row)) continue;
    // An agent's devices always stay in its agent.
    if (caller.role !== 'admin') agentId = caller.agentId;
    const finalAgentId = agentId !== undefined ? agentId : (current?.agentId ?? null);
    // A device that moves to another agent leaves its old project unless the row names one.
    const keptProjectId = current && current.agentId === finalAgentId ? current.projectId : null;
    out.push({
      sn: p.sn,
      mac: p.mac,
      type: p.type,
      direction: p.direction ?? current?.direction ?? 'none',
      ...Object.fromEntries(OPTIONAL_TEXT.map((k) => [k, p.fields[k] ?? current?.[k] ?? null])),
      agentId: finalAgentId,
      projectId: projectId ?? keptProjectId,
      createdId: actorId,
      updatedId: actorId,
    });
  }
  return out;
}

/** Duplicate sn or MAC within the file: every later row naming one is an error pointing at the first. */
function checkFileDuplicates(parsed: ParsedRow[], errors: RowErrors) {
  const firstSn = new Map<string, number>();
  const firstMac = new Map<string, number>();
  for (const p of parsed) {
    const sn = firstSn.get(p.sn);
    if (sn !== undefined) errors.add(p.row, 'sn', 'duplicateInFile', String(sn));
    else firstSn.set(p.sn, p.row);
    const mac = firstMac.get(p.mac);
    if (mac !== undefined) errors.add(p.row, 'mac', 'duplicateInFile', String(mac));
    else firstMac.set(p.mac, p.row);
  }
}

/** Columns an import writes: property of the row, SQL column, SQL type. */
const WRITE_COLUMNS = [
  ['type', 'type', 'varchar'],
  ['sn', 'sn', 'varchar'],
  ['mac', 'mac', 'varchar'],
  ['devName', 'dev_name', 'varchar'],
  ['factoryName', 'factory_name', 'varchar'],
  ['ip', 'ip', 'varchar'],
  ['installSite', 'install_site', 'varchar'],
  ['direction', 'direction', 'varchar'],
  ['version', 'version', 'varchar'],
  ['devVer', 'dev_ver', 'varchar'],
  ['frpcVer', 'frpc_ver', 'varchar'],
  ['remoteAccount', 'remote_account', 'varchar'],
  ['remark', 'remark', 'varchar'],
  ['agentId', 'agent_id', 'integer'],
  ['projectId', 'project_id', 'integer'],
  ['createdId', 'created_id', 'integer'],
  ['updatedId', 'updated_id', 'integer'],
] as const satisfies readonly (readonly [keyof DeviceInsert, string, string])[];

const INSERT_COLUMNS = sql.raw(WRITE_COLUMNS.map(([, c]) => c).join(', '));
const RECORD_TYPE = sql.raw(WRITE_COLUMNS.map(([, c, t]) => `${c} ${t}`).join(', '));
const UPDATE_SET = sql.raw(
  WRITE_COLUMNS.filter(([, c]) => c !== 'sn' && c !== 'created_id')
    .map(([, c]) => `${c} = excluded.${c}`)
    .concat('updated_at = now()')
    .join(', '),
);

/**
 * Write the rows, in one transaction: multi-row INSERT ... ON CONFLICT (sn) DO UPDATE in chunks, each
 * chunk's rows travelling as one JSON parameter (jsonb_to_recordset). The update only touches devices
 * still in the caller's scope; a device that left it since the checks (a race) makes the whole import
 * fail rather than write into someone else's device.
 */
async function writeRows(tx: Db, caller: Caller, rows: DeviceInsert[], progress: (done: number) => void) {
  let created = 0;
  let updated = 0;
  const inScope = scope.devices(caller);
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    const chunk = rows.slice(i, i + WRITE_CHUNK);
    const json = JSON.stringify(chunk.map((r) => Object.fromEntries(WRITE_COLUMNS.map(([k, c]) => [c, r[k] ?? null]))));
    // xmax is 0 on a freshly inserted row version, the updating transaction's id otherwise.
    const result = await tx.execute(sql`
      insert into ${devices} (${INSERT_COLUMNS})
      select ${INSERT_COLUMNS} from jsonb_to_recordset(${json}::jsonb) as x(${RECORD_TYPE})
      on conflict (sn) do update set ${UPDATE_SET}
      ${inScope ? sql`where ${inScope}` : sql``}
      returning id, (xmax = 0) as inserted`);
    // node-postgres and PGlite both answer { rows }.
    const written = (result as unknown as { rows: { inserted: boolean }[] }).rows;
    if (written.length !== chunk.length) {
      throw conflict(t('import.raced'));
    }
    for (const w of written) {
      if (w.inserted) created++;
      else updated++;
    }
    progress(created + updated);
  }
  return { created, updated };
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
      topic: `job:${jobId}`,
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
    const parsed = sheetRows
      .map((r) => parseRow(r.row, r.cells, errors, lang))
      .filter((p): p is ParsedRow => p !== undefined);
    checkFileDuplicates(parsed, errors);
    const valid = parsed.filter((p) => !errors.has(p.row));
    const rows = await resolveRows(db, caller, valid, errors, actor.id);
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
