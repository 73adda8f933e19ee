import type { Db } from '../../db/client.ts';
import { markWorkers } from '../visitor/personnel.ts';

/**
 * Workers on the project's face terminals, through the visitor module's person outbox (its port
 * visitor/personnel.ts): an on-site worker with a face photo is person `W<id>` on every authorised access
 * device of its project; leaving, being blacklisted or deleted removes it. Marks are written in the
 * transaction of the change; the dispatcher looks at the outbox every few seconds, so nobody kicks it.
 */
export interface WorkerGates {
  /** Mark these workers in the transaction of the change (before a delete). */
  mark(db: Db, workerIds: readonly number[]): Promise<void>;
}

export const workerGates = (): WorkerGates => ({ mark: markWorkers });
