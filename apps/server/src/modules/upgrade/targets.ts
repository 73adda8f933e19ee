import { and, asc, eq, inArray, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { RolloutTargets } from '@siteops/contracts/rollout/schemas';
import type { Db } from '../../db/client.ts';
import { OPEN_ROLLOUT_STATUSES, devices, upgradeJobs, upgradeRollouts } from '../../db/schema/index.ts';
import type { UpgradePackageRow } from '../../db/schema/index.ts';
import { FINAL } from './jobs.ts';

/**
 * -1, 0 or 1 as version `a` is before, the same as or after `b`: dot, dash, plus or underscore
 * separated parts, numbers compared as numbers ("1.10" after "1.9"), other parts as text.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.\-+_]/);
  const pb = b.split(/[.\-+_]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [x, y] = [pa[i] ?? '0', pb[i] ?? '0'];
    const [nx, ny] = [Number(x), Number(y)];
    const c = /^\d+$/.test(x) && /^\d+$/.test(y) ? nx - ny : x.localeCompare(y);
    if (c !== 0) return Math.sign(c);
  }
  return 0;
}

export interface TargetDevice {
  id: number;
  sn: string;
  devName: string | null;
  type: string;
  version: string | null;
  onlineStatus: string;
}

/**
 * The devices a rollout of `pkg` to `targets` takes, by id: those every given filter selects AND that
 * the package applies to (one of its device types, authorised and allowed, not already on its version,
 * at least its minimum version when it has one) AND not in another open rollout still working on them.
 */
export async function resolveTargets(
  db: Db,
  pkg: Pick<UpgradePackageRow, 'fileVersion' | 'deviceTypes' | 'minVersion'>,
  targets: RolloutTargets,
): Promise<TargetDevice[]> {
  const types = targets.types?.length
    ? pkg.deviceTypes.filter((t) => targets.types!.includes(t as never))
    : pkg.deviceTypes;
  if (types.length === 0) return [];
  const busy = db
    .select({ one: sql`1` })
    .from(upgradeJobs)
    .innerJoin(upgradeRollouts, eq(upgradeRollouts.id, upgradeJobs.rolloutId))
    .where(
      and(
        eq(upgradeJobs.deviceId, devices.id),
        inArray(upgradeRollouts.status, [...OPEN_ROLLOUT_STATUSES]),
        sql`${upgradeJobs.state} not in ${FINAL}`,
      ),
    );
  const rows = await db
    .select({
      id: devices.id,
      sn: devices.sn,
      devName: devices.devName,
      type: devices.type,
      version: devices.version,
      onlineStatus: devices.onlineStatus,
    })
    .from(devices)
    .where(
      and(
        inArray(devices.type, types),
        eq(devices.authStatus, 'authorize'),
        eq(devices.allow, true),
        or(isNull(devices.version), ne(devices.version, pkg.fileVersion)),
        targets.projectIds?.length ? inArray(devices.projectId, targets.projectIds) : undefined,
        targets.agentIds?.length ? inArray(devices.agentId, targets.agentIds) : undefined,
        targets.versions?.length ? inArray(devices.version, targets.versions) : undefined,
        targets.ids?.length ? inArray(devices.id, targets.ids) : undefined,
        notExists(busy),
      ),
    )
    .orderBy(asc(devices.id));
  const min = pkg.minVersion;
  return min ? rows.filter((d) => d.version !== null && compareVersions(d.version, min) >= 0) : rows;
}
