import { and, eq, inArray } from 'drizzle-orm';
import type { upgradeApi } from '@siteops/contracts/upgrade/api';
import { DOWNLOADING_JOB_STATES } from '@siteops/contracts/rollout/schemas';
import { upgradeJobs, upgradePackages } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { ApiError, notFoundOf } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { Code } from '@siteops/contracts/shared/envelope';
import type { FileUrls } from '../../storage/fileUrls.ts';
import { sendPackage } from './send.ts';

export const FETCH_BASE = '/api/upgrade/fetch/';

/**
 * The URL a device downloads a package from for one attempt: signed, valid for five to six minutes
 * (FileUrls), and only while that attempt is downloading. Relative: the device resolves it against the
 * server it dialled (protocol 5.3).
 */
export const deviceUrl = (urls: FileUrls, packageId: number, attemptId: string) =>
  urls.url(`fw-${packageId}-${attemptId}`, Date.now(), FETCH_BASE);

/** `GET /api/upgrade/fetch/:key?exp=&sig=`: the package, whole or a Range, to the device holding the attempt. */
export const fetchPackage: Handler<typeof upgradeApi.fetch> = async (c, { key, exp, sig }) => {
  const m = /^fw-(\d{1,9})-([0-9a-f-]{36})$/.exec(key);
  if (!m || exp === undefined || !sig || !c.fileUrls.verify(key, exp, sig)) {
    throw new ApiError(401, Code.tokenInvalid, t('upgrade.fetchExpired'));
  }
  const [packageId, attemptId] = [Number(m[1]), m[2]];
  const [row] = await c.db
    .select({
      storageKey: upgradePackages.storageKey,
      fileName: upgradePackages.fileName,
      fileSize: upgradePackages.fileSize,
      sha256: upgradePackages.sha256,
    })
    .from(upgradeJobs)
    .innerJoin(upgradePackages, eq(upgradePackages.id, packageId))
    .where(and(eq(upgradeJobs.attemptId, attemptId), inArray(upgradeJobs.state, [...DOWNLOADING_JOB_STATES])));
  if (!row) throw notFoundOf('Upgrade');
  return sendPackage(c.request, c.reply, c.storage, row);
};
