import { and, eq, ne, sql } from 'drizzle-orm';
import { parseMainlandId } from '@siteops/contracts/labour/id-card';
import type { WorkerIdType } from '@siteops/contracts/labour/schemas';
import type { Db } from '../../db/client.ts';
import {
  labourApplications,
  labourSubcontractors,
  labourTeams,
  labourWorkers,
  projects,
} from '../../db/schema/index.ts';
import { conflict, fieldError } from '../../core/errors.ts';
import { t, type MessageKey } from '../../core/messages/index.ts';

/**
 * The register's rules (issue 35): a mainland ID number must pass its check digit and gives gender and
 * birth date; one ID number once per project; a person blacklisted on a project of an agent is refused
 * on the agent's other projects, saying where and why.
 */

const ID_PROBLEM: Record<'format' | 'checkDigit' | 'birthDate', MessageKey> = {
  format: 'labour.idFormat',
  checkDigit: 'labour.idCheckDigit',
  birthDate: 'labour.idBirthDate',
};

/** Gender and birth date: read from a mainland ID number (400 naming idNo when it is not one), else as given. */
export function identityOf(
  idType: WorkerIdType,
  idNo: string,
  given: { gender?: string | null; birthDate?: string | null },
): { gender: string | null; birthDate: string | null } {
  if (idType !== 'mainland') return { gender: given.gender ?? null, birthDate: given.birthDate ?? null };
  const parsed = parseMainlandId(idNo);
  if (!parsed.ok) throw fieldError('idNo', t(ID_PROBLEM[parsed.problem]));
  return { gender: parsed.gender, birthDate: parsed.birthDate };
}

/**
 * The rows of `table` (the register or the applications) of the same person in the project: by the ID
 * number's keyed hash, as the register's unique key within a project.
 */
export const samePersonInProject = (
  table: typeof labourWorkers | typeof labourApplications,
  projectId: number,
  idNoHash: string,
) => and(eq(table.projectId, projectId), eq(table.idNoHash, idNoHash));

/**
 * 409 naming idNo when the number is already registered in the project (another worker than `exceptId`),
 * or blacklisted on another project of the project's agent (with that project's name and the reason).
 */
export async function assertIdUsable(
  db: Db,
  project: { id: number; agentId: number | null },
  idNoHash: string,
  exceptId?: number,
) {
  const [dup] = await db
    .select({ realName: labourWorkers.realName })
    .from(labourWorkers)
    .where(
      and(
        samePersonInProject(labourWorkers, project.id, idNoHash),
        exceptId === undefined ? undefined : ne(labourWorkers.id, exceptId),
      ),
    )
    .limit(1);
  if (dup) throw conflict(t('labour.duplicateId', { name: dup.realName }), { field: 'idNo' });
  if (project.agentId === null) return;
  const [listed] = await db
    .select({ projectName: projects.name, reason: labourWorkers.blacklistReason })
    .from(labourWorkers)
    .innerJoin(projects, eq(projects.id, labourWorkers.projectId))
    .where(
      and(
        eq(labourWorkers.idNoHash, idNoHash),
        eq(labourWorkers.status, 'blacklisted'),
        eq(projects.agentId, project.agentId),
        ne(labourWorkers.projectId, project.id),
      ),
    )
    .orderBy(sql`${labourWorkers.updatedAt} desc`)
    .limit(1);
  if (listed) {
    throw conflict(t('labour.blacklisted', { project: listed.projectName, reason: listed.reason ?? '' }), {
      field: 'idNo',
      reason: 'blacklisted',
    });
  }
}

/** The team and subcontractor a worker (or team) names must be its project's: else a 400 beside the field. */
export async function assertPartsInProject(
  db: Db,
  projectId: number,
  parts: { teamId?: number | null; subcontractorId?: number | null; leaderId?: number | null },
) {
  const exists = async (table: typeof labourTeams | typeof labourSubcontractors | typeof labourWorkers, id: number) =>
    (
      await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, id), eq(table.projectId, projectId)))
    ).length > 0;
  if (parts.teamId != null && !(await exists(labourTeams, parts.teamId)))
    throw fieldError('teamId', t('labour.teamNotInProject'));
  if (parts.subcontractorId != null && !(await exists(labourSubcontractors, parts.subcontractorId)))
    throw fieldError('subcontractorId', t('labour.subcontractorNotInProject'));
  if (parts.leaderId != null && !(await exists(labourWorkers, parts.leaderId)))
    throw fieldError('leaderId', t('labour.leaderNotInProject'));
}

/** Status and dates together: a blacklisting has a reason, an exit is not before the entry. */
export function assertStatusAndDates(w: {
  status: string;
  blacklistReason: string | null;
  entryDate: string;
  exitDate: string | null;
}) {
  if (w.status === 'blacklisted' && !w.blacklistReason)
    throw fieldError('blacklistReason', t('labour.blacklistReasonRequired'));
  if (w.exitDate !== null && w.exitDate < w.entryDate) throw fieldError('exitDate', t('labour.exitBeforeEntry'));
}

/** Today's date (YYYY-MM-DD) on a wall clock `utcOffsetMinutes` from UTC. */
export const todayAt = (utcOffsetMinutes: number, now = Date.now()) =>
  new Date(now + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
