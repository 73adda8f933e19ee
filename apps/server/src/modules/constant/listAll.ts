import { and } from 'drizzle-orm';
import type { constantApi } from '@siteops/contracts/constant/api';
import { constants } from '../../db/schema/index.ts';
import { listTable } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { contains } from '../../core/list.ts';
import { toConstantItem } from './view.ts';

/** Constants filtered by key and value, sorted (by key unless asked) and paged. */
export const listConstants: Handler<typeof constantApi.listAll> = async (c, q) =>
  listTable(c.db, q, {
    table: constants,
    where: and(contains(constants.key, q.key), contains(constants.value, q.value)),
    sort: {
      columns: {
        id: constants.id,
        key: constants.key,
        createdAt: constants.createdAt,
        updatedAt: constants.updatedAt,
      },
      id: constants.id,
      fallback: 'key',
      order: 'asc',
    },
    map: toConstantItem,
  });
