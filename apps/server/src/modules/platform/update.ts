import type { platformApi } from '@siteops/contracts/platform/api';
import { authPlatforms } from '../../db/schema/index.ts';
import { uniqueOr409, updateAudited } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { auditChanges, changeSet } from '../audit/record.ts';
import { duplicateName, loadPlatform } from './service.ts';

/** Change a platform (404 when missing); a taken name is a 409 on `platformName`. */
export const updatePlatform: Handler<typeof platformApi.update> = async (c, { id, ...patch }) => {
  const row = await loadPlatform(c.db, id);
  const detail = changeSet(patch, { platformName: row.platformName });
  await uniqueOr409(
    () =>
      updateAudited(c.db, {
        table: authPlatforms,
        id,
        set: patch,
        audit: { record: c.audit, action: 'platform.update', targetType: 'platform', detail, changes: auditChanges },
      }),
    duplicateName(patch.platformName),
  );
  return null;
};
