import type { UpgradeItem } from '@siteops/contracts/upgrade/schemas';
import type { UpgradePackageRow } from '../../db/schema/index.ts';

/** Where an admin downloads a package (devices get signed URLs of their own). */
export const packageUrl = (id: number) => `/api/upgrade/download?id=${id}`;

const CHECK_SUM_OF = { MD5: 'md5', SHA1: 'sha1', SHA256: 'sha256' } as const;

/** A package row as the API answers it; `openRollouts` counts the rollouts still holding it. */
export function toUpgradeItem(row: UpgradePackageRow & { openRollouts: number }): UpgradeItem {
  const checkType = row.checkType as UpgradeItem['checkType'];
  return {
    id: row.id,
    fileName: row.fileName,
    fileVersion: row.fileVersion,
    fileSize: row.fileSize,
    checkType,
    checkSum: row[CHECK_SUM_OF[checkType]],
    md5: row.md5,
    sha1: row.sha1,
    sha256: row.sha256,
    fileUrl: packageUrl(row.id),
    status: row.status as UpgradeItem['status'],
    deviceTypes: row.deviceTypes as UpgradeItem['deviceTypes'],
    minVersion: row.minVersion,
    releaseNotes: row.releaseNotes,
    openRollouts: Number(row.openRollouts),
    createdAt: row.createdAt.toISOString(),
    createdId: row.createdId,
  };
}
