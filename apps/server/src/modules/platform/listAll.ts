import type { platformApi } from '@siteops/contracts/platform/api';
import { authPlatforms } from '../../db/schema/index.ts';
import { listTable } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { contains } from '../../core/list.ts';
import { toPlatformItem } from './service.ts';

/** Platforms filtered by name, sorted and paged. */
export const listPlatforms: Handler<typeof platformApi.listAll> = async (c, q) =>
  listTable(c.db, q, {
    table: authPlatforms,
    where: contains(authPlatforms.platformName, q.platformName),
    sort: {
      columns: {
        id: authPlatforms.id,
        platformName: authPlatforms.platformName,
        expirationDate: authPlatforms.expirationDate,
        createdAt: authPlatforms.createdAt,
        updatedAt: authPlatforms.updatedAt,
      },
      id: authPlatforms.id,
      fallback: 'createdAt',
    },
    map: toPlatformItem,
  });
