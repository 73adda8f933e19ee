import { and, eq, or } from 'drizzle-orm';
import type { certificationApi } from '@siteops/contracts/certification/api';
import { certifications, users } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { contains } from '../../core/list.ts';
import { pageOf } from './service.ts';

/** The certifications to review (those under review unless asked), by user name or enterprise; paged. */
export const reviewList: Handler<typeof certificationApi.reviewList> = async (c, q) =>
  pageOf(
    c.db,
    c.pii,
    q,
    and(
      eq(certifications.status, q.status ?? 'auditing'),
      q.keyword
        ? or(contains(users.userName, q.keyword), contains(certifications.enterpriseName, q.keyword))
        : undefined,
    ),
  );
