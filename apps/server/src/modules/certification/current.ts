import type { certificationApi } from '@siteops/contracts/certification/api';
import type { Handler } from '../../http/endpoint.ts';
import { inSnapshot } from '../../db/snapshot.ts';
import { latestOf } from './service.ts';

/**
 * The caller's certification state: its latest passed one and the one under review, if any. One snapshot:
 * a review moves the row from the second read to the first, and read apart both could miss it ('new').
 */
export const currentCertification: Handler<typeof certificationApi.current> = async (c) => {
  const [current, auditing] = await inSnapshot(c.db, (db) =>
    Promise.all([latestOf(db, c.pii, c.user.id, 'passed'), latestOf(db, c.pii, c.user.id, 'auditing')]),
  );
  const status = current ? ('auth' as const) : auditing ? ('unknown' as const) : ('new' as const);
  return { status, current, auditing };
};
