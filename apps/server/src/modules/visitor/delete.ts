import { inArray } from 'drizzle-orm';
import type { visitorApi } from '@siteops/contracts/visitor/api';
import { visitorPhotos, visitors } from '../../db/schema/index.ts';
import { deleteWithFiles } from '../../http/deleteWithFiles.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { markVisitors } from './gate.ts';
import type { GateSync } from './gateSync.ts';
import { photosOf } from './service.ts';

/**
 * Delete visitors in the caller's scope, all or none; the gates holding them lose them, and their
 * photos go with them.
 */
export const deleteVisitors =
  (gate: Pick<GateSync, 'kick'>): Handler<typeof visitorApi.delete> =>
  async (c, { ids }) => {
    let photos: string[] = [];
    const result = await deleteWithFiles(c, {
      table: visitors,
      ids,
      scope: scope.visitors(c.caller),
      what: 'Visitor',
      select: { id: visitors.id, realName: visitors.realName },
      // The gates holding them lose them (the outbox rows outlive the visitor until then).
      beforeDelete: (tx) => markVisitors(tx, ids),
      filesOf: async (tx) => (photos = await photosOf(tx, ids)),
      audit: { record: c.audit, action: 'visitor.delete', targetType: 'visitor' },
    });
    gate.kick();
    if (photos.length) await c.db.delete(visitorPhotos).where(inArray(visitorPhotos.id, photos));
    return result;
  };
