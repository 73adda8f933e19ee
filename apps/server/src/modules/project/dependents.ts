import { eq } from 'drizzle-orm';
import type { ProjectInUse } from '@siteops/contracts/project/schemas';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';
import { countAll } from '../../core/list.ts';
import { t, type MessageKey, type Text } from '../../core/messages/index.ts';
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

const DEPENDENT_KEYS = {
  managers: ['project.dep.manager', 'project.dep.managers'],
  members: ['project.dep.member', 'project.dep.members'],
  devices: ['project.dep.device', 'project.dep.devices'],
} as const satisfies Record<keyof ProjectInUse['counts'], readonly [MessageKey, MessageKey]>;

/** The counts as "N things" messages, for the 409's text in the caller's language. */
export function dependentTexts(counts: ProjectInUse['counts']): Text[] {
  return (Object.keys(DEPENDENT_KEYS) as (keyof typeof DEPENDENT_KEYS)[])
    .filter((k) => counts[k] > 0)
    .map((k) => t(DEPENDENT_KEYS[k][counts[k] > 1 ? 1 : 0], { n: counts[k] }));
}

/** The same in English, for `data.dependents` (the console words it from `counts`). */
export const dependentPhrases = (counts: ProjectInUse['counts']) => dependentTexts(counts).map(String);
