import { and, eq } from 'drizzle-orm';
import type { certificationApi } from '@siteops/contracts/certification/api';
import { certifications } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { mustExist } from '../../core/errors.ts';
import { selectCertifications, toItem, visibleTo } from './service.ts';

/** One certification the caller may see (404 otherwise). */
export const certificationDetail: Handler<typeof certificationApi.detail> = async (c, { id }) => {
  const [row] = await selectCertifications(c.db, and(eq(certifications.id, id), visibleTo(c.caller))).limit(1);
  return toItem(mustExist(row, 'Certification'), c.pii);
};
