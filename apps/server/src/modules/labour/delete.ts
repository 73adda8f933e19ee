import type { labourApi } from '@siteops/contracts/labour/api';
import { labourWorkers } from '../../db/schema/index.ts';
import { deleteAllOrNone } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import type { WorkerGates } from './gate.ts';

/** Delete workers of the caller's projects, all or none, with their attendance; the terminals lose them. */
export const deleteWorkers =
  (gates: WorkerGates): Handler<typeof labourApi.delete> =>
  async (c, { ids }) => {
    const result = await deleteAllOrNone(c.db, {
      table: labourWorkers,
      ids,
      scope: scope.labour(c.caller, labourWorkers.projectId),
      what: 'Worker',
      select: { id: labourWorkers.id, realName: labourWorkers.realName, projectId: labourWorkers.projectId },
      // Marked while the rows exist (the marks find the devices through them); the outbox rows outlive them.
      beforeDelete: (tx) => gates.mark(tx, ids),
      audit: { record: c.audit, action: 'labour.delete', targetType: 'worker' },
    });
    return result;
  };
