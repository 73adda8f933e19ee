import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { deviceApi } from '@siteops/contracts/device/api';
import {
  DEVICE_DIRECTION_LABELS,
  DEVICE_EXPORT_COLUMNS,
  DEVICE_TYPE_LABELS,
  type SheetLang,
} from '@siteops/contracts/device/sheet';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import type { Db } from '../../db/client.ts';
import { agents, devices, projects } from '../../db/schema/index.ts';
import { sendAttachment } from '../../http/attachment.ts';
import type { Handler } from '../../http/endpoint.ts';
import { deviceFilter } from './service.ts';
import { neutralised } from '../../xlsx/text.ts';
import { XLSX_MIME } from './sheet.ts';
import { excel } from '../../xlsx/excel.ts';

/** Rows per keyset page: memory stays bounded by one page whatever the export's size. */
export const EXPORT_CHUNK = 2000;

const STATUS_LABELS: Record<string, Record<SheetLang, string>> = {
  authorize: { 'zh-CN': '已授权', 'en-US': 'Authorised' },
  forbidden: { 'zh-CN': '已禁用', 'en-US': 'Forbidden' },
  unknown: { 'zh-CN': '未知', 'en-US': 'Unknown' },
  online: { 'zh-CN': '在线', 'en-US': 'Online' },
  offline: { 'zh-CN': '离线', 'en-US': 'Offline' },
};
const YES_NO = { 'zh-CN': ['是', '否'], 'en-US': ['Yes', 'No'] } as const;
const SHEET = { 'zh-CN': '设备', 'en-US': 'Devices' } as const;

/** `2026-11-23 13:05:09` (UTC): text, so no styles are needed and every spreadsheet shows the same. */
const when = (d: Date | null) => (d ? d.toISOString().slice(0, 19).replace('T', ' ') : null);

/** What an export reads: every exported column, never the terminal password or the secret hash. */
const EXPORT_SELECT = {
  id: devices.id,
  type: devices.type,
  sn: devices.sn,
  mac: devices.mac,
  devName: devices.devName,
  factoryName: devices.factoryName,
  ip: devices.ip,
  installSite: devices.installSite,
  direction: devices.direction,
  version: devices.version,
  devVer: devices.devVer,
  frpcVer: devices.frpcVer,
  remoteAccount: devices.remoteAccount,
  hj212Mn: devices.hj212Mn,
  agent: agents.name,
  projectCode: projects.code,
  projectName: projects.name,
  authStatus: devices.authStatus,
  onlineStatus: devices.onlineStatus,
  allow: devices.allow,
  anyAccess: devices.anyAccess,
  licenceExpiresAt: devices.licenceExpiresAt,
  additionDatetime: devices.additionDatetime,
  heartbeatDatetime: devices.heartbeatDatetime,
  remark: devices.remark,
};

function cells(r: ExportRow, lang: SheetLang): Record<string, unknown> {
  const label = (map: Record<string, Record<SheetLang, string>>, v: string | null) =>
    v ? (map[v]?.[lang] ?? v) : null;
  const text = Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? neutralised(v) : v]));
  return {
    ...text,
    type: DEVICE_TYPE_LABELS[r.type as DeviceType]?.[lang] ?? r.type,
    direction: label(DEVICE_DIRECTION_LABELS, r.direction),
    authStatus: label(STATUS_LABELS, r.authStatus),
    onlineStatus: label(STATUS_LABELS, r.onlineStatus),
    allow: YES_NO[lang][r.allow ? 0 : 1],
    anyAccess: YES_NO[lang][r.anyAccess ? 0 : 1],
    licenceExpiresAt: when(r.licenceExpiresAt),
    additionDatetime: when(r.additionDatetime),
    heartbeatDatetime: when(r.heartbeatDatetime),
  };
}

function page(db: Db, where: ReturnType<typeof deviceFilter>, afterId: number) {
  return db
    .select(EXPORT_SELECT)
    .from(devices)
    .leftJoin(agents, eq(agents.id, devices.agentId))
    .leftJoin(projects, eq(projects.id, devices.projectId))
    .where(and(where, gt(devices.id, afterId)))
    .orderBy(asc(devices.id))
    .limit(EXPORT_CHUNK);
}
type ExportRow = Awaited<ReturnType<typeof page>>[number];

/** Resolves when `out` wants more, or is gone (client went away). */
const drained = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    if (!out.writableNeedDrain || out.destroyed) return resolve();
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });

/** What a streamed export writes, and how it reads its pages. */
export interface SheetStream<Row> {
  /** The sheet's name, which also names the file (`<sheet>-<time>.xlsx`). */
  sheet: string;
  /** The file name's ASCII fallback, before its time (`devices` → `devices-<time>.xlsx`). */
  asciiName: string;
  columns: { header: string; key: string; width: number }[];
  /** The first page, read before answering, so that a failure there is still an envelope. */
  first: Row[];
  /** Whether `rows` was the last page, `written` rows written in all. */
  isLast: (rows: Row[], written: number) => boolean;
  /** The page after `rows`. */
  after: (rows: Row[], written: number) => Promise<Row[]>;
  /** A row's cells, by column key. */
  cells: (row: Row) => Record<string, unknown>;
  /** What the log says when the export fails once the answer has started. */
  failure: string;
}

/**
 * Stream a one-sheet xlsx to the client, page by page: each page is written and released before the
 * next is read, waiting while the client reads slower than we write, so memory holds one page whatever
 * the export's size. Once the answer has started a failure can only end the download (and is logged);
 * a client that went away stops the reading.
 */
export function sendSheetStream<Row>(request: FastifyRequest, reply: FastifyReply, s: SheetStream<Row>): FastifyReply {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  void (async () => {
    const ExcelJS = await excel();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet(s.sheet);
    ws.columns = s.columns;
    let rows = s.first;
    let written = 0;
    for (;;) {
      for (const r of rows) ws.addRow(s.cells(r)).commit();
      written += rows.length;
      if (s.isLast(rows, written) || out.destroyed) break;
      await drained(out);
      if (out.destroyed) break;
      rows = await s.after(rows, written);
    }
    if (out.destroyed) return; // the client went away: nothing to finish
    ws.commit();
    await wb.commit();
  })().catch((err: unknown) => {
    if (out.destroyed) return;
    request.log.error({ err }, s.failure);
    out.destroy(err as Error);
  });
  return sendAttachment(reply, out, {
    type: XLSX_MIME,
    fileName: `${s.sheet}-${stamp}.xlsx`,
    asciiName: `${s.asciiName}-${stamp}.xlsx`,
    noStore: true,
  });
}

/**
 * Stream an xlsx of the filtered devices in the caller's scope: rows fetched in keyset pages of
 * {@link EXPORT_CHUNK} by id (see {@link sendSheetStream}).
 */
export const exportDevices: Handler<typeof deviceApi.export> = async ({ db, caller, request, reply }, q) => {
  const lang = q.lang;
  const where = deviceFilter(caller, q);
  return sendSheetStream(request, reply, {
    sheet: SHEET[lang],
    asciiName: 'devices',
    columns: DEVICE_EXPORT_COLUMNS.map((c) => ({ header: c[lang], key: c.key, width: 18 })),
    first: await page(db, where, 0),
    isLast: (rows) => rows.length < EXPORT_CHUNK,
    after: (rows) => page(db, where, rows[rows.length - 1].id),
    cells: (r) => cells(r, lang),
    failure: 'device export failed',
  });
};
