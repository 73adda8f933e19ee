import { and } from 'drizzle-orm';
import type { certificationApi } from '@siteops/contracts/certification/api';
import { certifications } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { equalFilters } from '../../core/list.ts';
import { ownedBy, pageOf } from './service.ts';

/** The caller's own certifications, of one status or all, newest first; paged. */
export const listCertifications: Handler<typeof certificationApi.listAll> = async (c, q) =>
  pageOf(c.db, c.pii, q, and(ownedBy(c.caller), ...equalFilters(certifications, q, ['status'])));
