import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { OPEN_ROLLOUT_STATUSES, upgradePackages } from '../../db/schema/index.ts';
import { loadOr404 } from '../../db/crud.ts';
import { mustExist } from '../../core/errors.ts';
import type { toUpgradeItem } from './view.ts';

/** Written out by hand: inside a select list drizzle leaves columns unqualified, and `id` would be the rollout's. */
const openRollouts = sql<number>`(
  select count(*)::int from upgrade_rollouts r
  where r.package_id = "upgrade_packages"."id" and r.status in ${sql.raw(`('${OPEN_ROLLOUT_STATUSES.join("','")}')`)}
)`;

/** A package's columns and how many open rollouts still hold it. */
export const withOpenRollouts = { ...getTableColumns(upgradePackages), openRollouts };

/** The package with this id and its open rollouts, or its 404. */
export const loadUpgrade = (db: Db, id: number) =>
  loadOr404<typeof upgradePackages, Parameters<typeof toUpgradeItem>[0]>(db, {
    table: upgradePackages,
    idColumn: upgradePackages.id,
    id,
    what: 'Upgrade',
    select: withOpenRollouts,
  });

/** The package row a rollout is made of, or its 404. */
export const loadPackage = async (db: Db, id: number) =>
  mustExist((await db.select().from(upgradePackages).where(eq(upgradePackages.id, id)))[0], 'Upgrade');
