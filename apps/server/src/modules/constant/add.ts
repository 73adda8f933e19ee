import type { constantApi } from '@siteops/contracts/constant/api';
import { constants } from '../../db/schema/index.ts';
import { insertAudited } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { changeSet } from '../audit/record.ts';
import { duplicateKey, invalidateConstants } from './service.ts';
import { assertUsableValue } from './view.ts';

/** A new constant; a taken key is a 409 on `key`. Drops this instance's constant cache. */
export const addConstant: Handler<typeof constantApi.add> = async (c, body) => {
  assertUsableValue(body.key, body.value);
  try {
    return await insertAudited(c.db, {
      table: constants,
      values: { ...body, createdId: c.user.id, updatedId: c.user.id },
      audit: { record: c.audit, action: 'constant.add', targetType: 'constant', detail: changeSet(body) },
      duplicate: duplicateKey(body.key),
    });
  } finally {
    invalidateConstants(c.db);
  }
};
