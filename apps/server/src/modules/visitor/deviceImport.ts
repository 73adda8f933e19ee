import { and, inArray } from 'drizzle-orm';
import type { visitorApi } from '@siteops/contracts/visitor/api';
import { DEVICE_DIRECTIONS } from '@siteops/contracts/device/schemas';
import { DEVICE_DIRECTION_LABELS, type ImportRowError, type SheetLang } from '@siteops/contracts/device/sheet';
import {
  VISITOR_DEVICE_IMPORT_COLUMNS,
  VISITOR_DEVICE_IMPORT_MAX_ROWS,
  VISITOR_DEVICE_TYPES,
} from '@siteops/contracts/visitor/device';
import { scope } from '../../auth/scope.ts';
import { devices, visitorDevices } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { badRequest, payloadTooLarge } from '../../core/errors.ts';
import { overLimit } from '../../http/upload.ts';
import { t } from '../../core/messages/index.ts';
import { labelLookup, normLabel, readImportSheet } from '../../xlsx/importSheet.ts';
import { markDevices } from './gate.ts';
import type { GateSync } from './gateSync.ts';

type Key = (typeof VISITOR_DEVICE_IMPORT_COLUMNS)[number]['key'];
type Direction = (typeof DEVICE_DIRECTIONS)[number];
const DIRECTIONS = labelLookup<Direction>(DEVICE_DIRECTIONS, DEVICE_DIRECTION_LABELS);

/**
 * Put access devices on the visitor list from an xlsx (serial number, direction none / in / out in
 * either language; empty keeps an authorised device's direction, `none` for a new one). Every row is
 * checked first: a device unknown or outside the caller's scope, not an access device, in no project,
 * or twice in the file is a row error, and any row error means nothing is written. The devices then get
 * their project's valid visitors.
 */
export const importVisitorDevices =
  (gate: Pick<GateSync, 'kick'>): Handler<typeof visitorApi.importDevices> =>
  async (c, query) => {
    const { db, caller, request, config } = c;
    const lang: SheetLang = query.lang ?? c.lang;
    if (!request.isMultipart()) throw badRequest(t('import.notMultipart'), { file: t('file.missing.field') });
    let buffer: Buffer;
    try {
      const part = await request.file({ limits: { fileSize: config.uploadMaxBytes } });
      if (!part) throw badRequest(t('file.missing'), { file: t('file.missing.field') });
      buffer = await part.toBuffer();
    } catch (err) {
      if (overLimit(err)) throw payloadTooLarge(t('import.tooLarge'));
      throw err;
    }
    const rows = await readImportSheet(buffer, VISITOR_DEVICE_IMPORT_COLUMNS, VISITOR_DEVICE_IMPORT_MAX_ROWS, {
      trim: false,
    });
    const errors: ImportRowError[] = [];
    const label = (key: Key) => VISITOR_DEVICE_IMPORT_COLUMNS.find((col) => col.key === key)![lang];
    type Kind = 'required' | 'badDirection' | 'duplicateInFile' | 'unknownDevice' | 'notAccessDevice' | 'noProject';
    const fail = (row: number, key: Key, kind: Kind, detail: string | number = '') =>
      errors.push({ row, column: key, message: t(`import.row.${kind}`, { col: label(key), detail }).render(lang) });

    const sns = [...new Set(rows.map((r) => r.sn).filter((s): s is string => !!s))];
    const found = sns.length
      ? await db
          .select({ id: devices.id, sn: devices.sn, type: devices.type, projectId: devices.projectId })
          .from(devices)
          .where(and(inArray(devices.sn, sns), scope.devices(caller)))
      : [];
    const bySn = new Map(found.map((d) => [d.sn, d]));
    const firstRow = new Map<string, number>();
    const wanted = new Map<number, Direction | undefined>();
    for (const r of rows) {
      const direction = r.direction ? DIRECTIONS.get(normLabel(r.direction)) : undefined;
      if (r.direction && !direction) {
        const labels = DEVICE_DIRECTIONS.map((d) => DEVICE_DIRECTION_LABELS[d][lang]).join(', ');
        fail(r.row, 'direction', 'badDirection', labels);
      }
      if (!r.sn) {
        fail(r.row, 'sn', 'required');
        continue;
      }
      const first = firstRow.get(r.sn);
      if (first !== undefined) {
        fail(r.row, 'sn', 'duplicateInFile', first);
        continue;
      }
      firstRow.set(r.sn, r.row);
      const d = bySn.get(r.sn);
      if (!d) fail(r.row, 'sn', 'unknownDevice', r.sn);
      else if (!(VISITOR_DEVICE_TYPES as readonly string[]).includes(d.type))
        fail(r.row, 'sn', 'notAccessDevice', r.sn);
      else if (d.projectId === null) fail(r.row, 'sn', 'noProject', r.sn);
      else wanted.set(d.id, direction);
    }
    const failed = new Set(errors.map((e) => e.row)).size;
    if (failed || !wanted.size) {
      return { rows: rows.length, created: 0, updated: 0, failed, committed: false, errors: errors.slice(0, 1000) };
    }
    const ids = [...wanted.keys()];
    const counts = await db.transaction(async (tx) => {
      const existing = new Set(
        (
          await tx
            .select({ id: visitorDevices.deviceId })
            .from(visitorDevices)
            .where(inArray(visitorDevices.deviceId, ids))
            .for('update')
        ).map((r) => r.id),
      );
      for (const [deviceId, direction] of wanted) {
        if (existing.has(deviceId)) {
          if (direction) {
            await tx
              .update(visitorDevices)
              .set({ direction })
              .where(inArray(visitorDevices.deviceId, [deviceId]));
          }
        } else {
          await tx.insert(visitorDevices).values({ deviceId, direction: direction ?? 'none', createdId: c.user.id });
        }
      }
      const created = ids.length - existing.size;
      await markDevices(tx, ids);
      await c.audit(
        {
          action: 'visitor.importDevices',
          targetType: 'device',
          targetId: ids.join(','),
          detail: { rows: rows.length, created, updated: existing.size },
        },
        tx,
      );
      return { created, updated: existing.size };
    });
    gate.kick();
    return { rows: rows.length, ...counts, failed: 0, committed: true, errors: [] };
  };
