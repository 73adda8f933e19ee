import type { PlatformItem } from '@siteops/contracts/device/schemas';
import type { Db } from '../../db/client.ts';
import { authPlatforms, type AuthPlatformRow } from '../../db/schema/index.ts';
import { loadOr404 } from '../../db/crud.ts';
import { iso } from '../../core/list.ts';
import { t } from '../../core/messages/index.ts';

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

/** The platform with this id, or its 404. */
export const loadPlatform = (db: Db, id: number) =>
  loadOr404(db, { table: authPlatforms, idColumn: authPlatforms.id, id, what: 'Platform' });

/** The 409 a taken platform name answers, naming the form field. */
export const duplicateName = (name: string | undefined) => ({
  field: 'platformName',
  message: t('platform.nameUsed', { name: name ?? '' }),
});
