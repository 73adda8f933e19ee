import { and, arrayContains } from 'drizzle-orm';
import type { upgradeApi } from '@siteops/contracts/upgrade/api';
import { upgradePackages } from '../../db/schema/index.ts';
import { listTable } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { contains, equalFilters } from '../../core/list.ts';
import { withOpenRollouts } from './service.ts';
import { toUpgradeItem } from './view.ts';

/** Firmware packages with their open rollouts, filtered, sorted and paged. */
export const listUpgrades: Handler<typeof upgradeApi.listAll> = async (c, q) =>
  listTable(c.db, q, {
    table: upgradePackages,
    select: withOpenRollouts,
    where: and(
      contains(upgradePackages.fileName, q.fileName),
      contains(upgradePackages.fileVersion, q.fileVersion),
      ...equalFilters(upgradePackages, q, ['status', 'checkType']),
      q.deviceType ? arrayContains(upgradePackages.deviceTypes, [q.deviceType]) : undefined,
    ),
    sort: {
      columns: {
        id: upgradePackages.id,
        fileName: upgradePackages.fileName,
        fileVersion: upgradePackages.fileVersion,
        fileSize: upgradePackages.fileSize,
        status: upgradePackages.status,
        createdAt: upgradePackages.createdAt,
      },
      id: upgradePackages.id,
      fallback: 'createdAt',
    },
    map: toUpgradeItem,
  });
