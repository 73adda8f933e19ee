import { and } from 'drizzle-orm';
import type { deviceApi } from '@siteops/contracts/device/api';
import { licenceGrants } from '../../db/schema/index.ts';
import { listTable } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { contains, equalFilters, iso } from '../../core/list.ts';

/** The licence grant history (who, when, which device, platforms, expiry), newest first. */
export const listGrants: Handler<typeof deviceApi.grants> = async ({ db }, q) =>
  listTable(db, q, {
    table: licenceGrants,
    where: and(...equalFilters(licenceGrants, q, ['deviceId']), contains(licenceGrants.sn, q.sn)),
    sort: { columns: { issuedAt: licenceGrants.issuedAt }, id: licenceGrants.id, fallback: 'issuedAt', order: 'desc' },
    map: (r) => ({
      licenceId: r.id,
      deviceId: r.deviceId,
      sn: r.sn,
      mac: r.mac,
      platforms: r.platforms,
      expiresAt: iso(r.expiresAt),
      attachInfo: r.attachInfo,
      issuedById: r.issuedById,
      issuedByName: r.issuedByName,
      issuedAt: iso(r.issuedAt),
    }),
  });
