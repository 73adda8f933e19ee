import type { constantApi } from '@siteops/contracts/constant/api';
import { constants } from '../../db/schema/index.ts';
import { uniqueOr409, updateAudited } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { auditChanges, changeSet } from '../audit/record.ts';
import { duplicateKey, invalidateConstants, loadConstant } from './service.ts';
import { assertUsableValue } from './view.ts';

/** Change a constant (404 when missing); a taken key is a 409 on `key`. Drops this instance's constant cache. */
export const updateConstant: Handler<typeof constantApi.update> = async (c, { id, ...patch }) => {
  const current = await loadConstant(c.db, id);
  assertUsableValue(patch.key ?? current.key, patch.value ?? current.value);
  const detail = changeSet(patch, { key: current.key });
  try {
    await uniqueOr409(
      () =>
        updateAudited(c.db, {
          table: constants,
          id,
          set: { ...patch, updatedId: c.user.id },
          audit: { record: c.audit, action: 'constant.update', targetType: 'constant', detail, changes: auditChanges },
        }),
      duplicateKey(patch.key),
    );
  } finally {
    invalidateConstants(c.db);
  }
  return null;
};
