import type { constantApi } from '@siteops/contracts/constant/api';
import { constants } from '../../db/schema/index.ts';
import { deleteAllOrNone } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { invalidateConstants } from './service.ts';

/** Delete constants, all or none: one missing id is a 404 for the batch. Drops this instance's constant cache. */
export const deleteConstants: Handler<typeof constantApi.delete> = async (c, { ids }) => {
  try {
    return await deleteAllOrNone(c.db, {
      table: constants,
      ids,
      what: 'Constant',
      select: { id: constants.id, key: constants.key },
      audit: { record: c.audit, action: 'constant.delete', targetType: 'constant' },
    });
  } finally {
    invalidateConstants(c.db);
  }
};
