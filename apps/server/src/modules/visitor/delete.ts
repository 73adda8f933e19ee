import { inArray } from 'drizzle-orm';
import type { visitorApi } from '@siteops/contracts/visitor/api';
import { visitorPhotos, visitors } from '../../db/schema/index.ts';
import { deleteAllOrNone } from '../../db/crud.ts';
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
    const result = await deleteAllOrNone(c.db, {
      table: visitors,
      ids,
      scope: scope.visitors(c.caller),
      what: 'Visitor',
      select: { id: visitors.id, realName: visitors.realName },
      beforeDelete: async (tx) => {
        photos = await photosOf(tx, ids);
        // The gates holding them lose them (the outbox rows outlive the visitor until then).
        await markVisitors(tx, ids);
      },
      audit: { record: c.audit, action: 'visitor.delete', targetType: 'visitor' },
    });
    gate.kick();
    if (photos.length) await c.db.delete(visitorPhotos).where(inArray(visitorPhotos.id, photos));
    await Promise.all(photos.map((id) => c.storage.delete(id).catch(() => {})));
    return result;
  };
