import { eq } from 'drizzle-orm';
import type { PlatformItem } from '@siteops/contracts/device';
import type { Db } from '../../db/client.ts';
import { authPlatforms, type AuthPlatformRow } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { iso } from '../../http/list.ts';

/** Today's date (UTC) as YYYY-MM-DD; a platform whose expiration date is before it is expired. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

export async function loadPlatform(db: Db, id: number): Promise<AuthPlatformRow> {
  const [row] = await db.select().from(authPlatforms).where(eq(authPlatforms.id, id)).limit(1);
  if (!row) throw notFound('Platform not found');
  return row;
}

export const duplicatePlatformName = (name: string | undefined) =>
  conflict(`The platform name ${name} is already used`, { field: 'platformName' });

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
