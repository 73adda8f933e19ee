import { and, inArray } from 'drizzle-orm';
import type { upgradeApi } from '@siteops/contracts/upgrade/api';
import { OPEN_ROLLOUT_STATUSES, upgradePackages, upgradeRollouts } from '../../db/schema/index.ts';
import { deleteAllOrNone } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { conflict } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';

/**
 * Delete packages, all or none; refused (409, naming the rollouts) while an open rollout holds one.
 * Their files go from the storage once the rows are gone.
 */
export const deleteUpgrades: Handler<typeof upgradeApi.delete> = async (c, { ids }) => {
  const keys: string[] = [];
  const result = await deleteAllOrNone(c.db, {
    table: upgradePackages,
    ids,
    what: 'Upgrade',
    select: { id: upgradePackages.id, fileName: upgradePackages.fileName, storageKey: upgradePackages.storageKey },
    beforeDelete: async (tx, rows) => {
      // Deleted from the storage only once the transaction has committed (see below).
      keys.push(...rows.map((r) => r.storageKey));
      const open = await tx
        .select({ id: upgradeRollouts.id, packageId: upgradeRollouts.packageId })
        .from(upgradeRollouts)
        .where(
          and(
            inArray(
              upgradeRollouts.packageId,
              rows.map((r) => r.id),
            ),
            inArray(upgradeRollouts.status, [...OPEN_ROLLOUT_STATUSES]),
          ),
        );
      if (open.length === 0) return;
      const used = rows.find((r) => r.id === open[0].packageId)!;
      const rollouts = open.filter((o) => o.packageId === used.id).map((o) => `#${o.id}`);
      throw conflict(t('upgrade.inUse', { name: used.fileName, rollouts }), {
        packageId: used.id,
        rollouts: open.map((o) => o.id),
      });
    },
    audit: {
      record: c.audit,
      action: 'upgrade.delete',
      targetType: 'upgrade',
      detail: (row) => ({ fileName: row.fileName }),
    },
  });
  // After the commit: a failed transaction must leave the files its rows point at.
  for (const key of keys) await c.storage.delete(key);
  return result;
};
