import type { certificationApi } from '@siteops/contracts/certification/api';
import type { Handler } from '../../http/endpoint.ts';
import { latestOf } from './service.ts';

/** The caller's certification state: its latest passed one and the one under review, if any. */
export const currentCertification: Handler<typeof certificationApi.current> = async (c) => {
  const [current, auditing] = await Promise.all([
    latestOf(c.db, c.pii, c.user.id, 'passed'),
    latestOf(c.db, c.pii, c.user.id, 'auditing'),
  ]);
  const status = current ? ('auth' as const) : auditing ? ('unknown' as const) : ('new' as const);
  return { status, current, auditing };
};
