import type { PlatformItem } from '@siteops/contracts/device/schemas';
import type { AuthPlatformRow } from '../../db/schema/index.ts';
import { iso } from '../../core/list.ts';

/** Today's date (UTC) as YYYY-MM-DD; a platform whose expiration date is before it is expired. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

export function toPlatformItem(row: AuthPlatformRow): PlatformItem {
  return {
    id: row.id,
    platformName: row.platformName,
    expirationDate: row.expirationDate,
    attachInfo: row.attachInfo,
    expired: row.expirationDate < todayUtc(),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
