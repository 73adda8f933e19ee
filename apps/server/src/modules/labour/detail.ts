import { and, eq } from 'drizzle-orm';
import type { labourApi } from '@siteops/contracts/labour/api';
import { labourWorkers } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { mustExist } from '../../core/errors.ts';
import { selectWorkers, toWorkerItem } from './service.ts';

/** One worker of the caller's projects (404 outside them), its ID number masked. */
export const workerDetail: Handler<typeof labourApi.detail> = async (c, { id }) => {
  const [row] = await selectWorkers(
    c.db,
    and(eq(labourWorkers.id, id), scope.labour(c.caller, labourWorkers.projectId)),
  ).limit(1);
  return toWorkerItem(mustExist(row, 'Worker'), c);
};
