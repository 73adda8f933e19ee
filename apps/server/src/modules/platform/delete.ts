import type { platformApi } from '@siteops/contracts/platform/api';
import { authPlatforms } from '../../db/schema/index.ts';
import { deleteAllOrNone } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';

/** Delete platforms, all or none: one missing id is a 404 for the batch. */
export const deletePlatforms: Handler<typeof platformApi.delete> = async (c, { ids }) =>
  deleteAllOrNone(c.db, {
    table: authPlatforms,
    ids,
    what: 'Platform',
    select: { id: authPlatforms.id, platformName: authPlatforms.platformName },
    audit: { record: c.audit, action: 'platform.delete', targetType: 'platform' },
  });
