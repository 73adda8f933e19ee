import type { upgradeApi } from '@siteops/contracts/upgrade/api';
import { upgradePackages } from '../../db/schema/index.ts';
import { updateAudited } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { auditChanges, changeSet } from '../audit/record.ts';
import { loadUpgrade } from './service.ts';

/** Change a package's description fields (404 when missing). */
export const updateUpgrade: Handler<typeof upgradeApi.update> = async (c, { id, ...patch }) => {
  const row = await loadUpgrade(c.db, id);
  const detail = changeSet(patch, { fileName: row.fileName });
  await updateAudited(c.db, {
    table: upgradePackages,
    id,
    set: { ...patch, updatedId: c.user.id },
    audit: { record: c.audit, action: 'upgrade.update', targetType: 'upgrade', detail, changes: auditChanges },
  });
  return null;
};
