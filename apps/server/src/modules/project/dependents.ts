import { eq } from 'drizzle-orm';
import type { ProjectInUse } from '@siteops/contracts/project';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';
import { countAll } from '../../http/list.ts';
import { memberCounts } from './service.ts';

/**
 * What still belongs to a project and keeps it from being deleted: managers, members and devices.
 * The 409 carries the counts so the console can say it in the user's language.
 */
export async function projectDependents(tx: Db, projectId: number): Promise<ProjectInUse['counts']> {
  const { managers, members } = await memberCounts(tx, projectId);
  const [{ n: devicesLeft }] = await tx.select({ n: countAll }).from(devices).where(eq(devices.projectId, projectId));
  return { managers, members, devices: devicesLeft };
}

const plural = (n: number, what: string) => `${n} ${what}${n > 1 ? 's' : ''}`;

/** The counts as "N things" phrases, for the message. */
export function dependentPhrases(counts: ProjectInUse['counts']): string[] {
  return [
    ...(counts.managers ? [plural(counts.managers, 'manager')] : []),
    ...(counts.members ? [plural(counts.members, 'member')] : []),
    ...(counts.devices ? [plural(counts.devices, 'device')] : []),
  ];
}
