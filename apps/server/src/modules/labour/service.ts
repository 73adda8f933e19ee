import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DEFAULT_ABSENT_DAYS,
  DEFAULT_CUTOFF_HOUR,
  DEFAULT_UTC_OFFSET_MINUTES,
  type LabourSettings,
  type WorkerIdType,
  type WorkerItem,
  type WorkerStatus,
  type LabourTrade,
} from '@siteops/contracts/labour/schemas';
import type { Db } from '../../db/client.ts';
import {
  labourSettings,
  labourSubcontractors,
  labourTeams,
  labourWorkers,
  projects,
  type LabourWorkerRow,
} from '../../db/schema/index.ts';
import type { ModuleContext } from '../../ports/context.ts';
import { photoUrlOf } from './postPhoto.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { loadOr404 } from '../../db/crud.ts';
import type { Entity } from '../../core/errors.ts';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CertificateState } from '@siteops/contracts/labour/certificates';
import { certificateStateSql, requiredValidUntil, type WorkerColumns } from './certificateGate.ts';

/**
 * What the labour handlers share: loading a row within the one scope rule (`scope.labour`, by the row's
 * project), and a worker as the API shows it.
 */

/** The project, when the caller may manage its labour (admin any; an agent its agent's; a manager its own); else 404. */
export const loadLabourProject = (db: Db, caller: Caller, id: number) =>
  loadOr404(db, {
    table: projects,
    idColumn: projects.id,
    id,
    scope: scope.labour(caller, projects.id),
    what: 'Project',
  });

/** A row of a labour table (by id) whose project is in the caller's scope; else 404. */
export function loadInScope<T extends PgTable & { id: AnyPgColumn; projectId: AnyPgColumn }>(
  db: Db,
  caller: Caller,
  table: T,
  id: number,
  what: Entity,
): Promise<T['$inferSelect']> {
  return loadOr404(db, { table, idColumn: table.id, id, scope: scope.labour(caller, table.projectId), what });
}

export const loadWorkerInScope = (db: Db, caller: Caller, id: number): Promise<LabourWorkerRow> =>
  loadInScope(db, caller, labourWorkers, id, 'Worker');

/** A project's attendance settings (the defaults when it never set any). */
export async function settingsOf(db: Db, projectId: number): Promise<LabourSettings> {
  const [row] = await db.select().from(labourSettings).where(eq(labourSettings.projectId, projectId));
  return {
    projectId,
    cutoffHour: row?.cutoffHour ?? DEFAULT_CUTOFF_HOUR,
    utcOffsetMinutes: row?.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES,
    requireValidCertificate: row?.requireValidCertificate ?? false,
    absentDays: row?.absentDays ?? DEFAULT_ABSENT_DAYS,
  };
}

const team = alias(labourTeams, 'w_team');
const employer = alias(labourSubcontractors, 'w_employer');

/** The register's worker columns, for the certificate fragments (certificateGate.ts). */
export const WORKER_COLUMNS: WorkerColumns = {
  id: sql`${labourWorkers.id}`,
  trade: sql`${labourWorkers.trade}`,
  projectId: sql`${labourWorkers.projectId}`,
};

/** Workers with their project's, team's and subcontractor's names; `where` already holds the scope. */
export function selectWorkers(db: Db, where: SQL | undefined) {
  return db
    .select({
      worker: labourWorkers,
      projectName: projects.name,
      teamName: team.name,
      subcontractorName: employer.name,
      certificateState: certificateStateSql(WORKER_COLUMNS),
      certificateValidUntil: sql<string | null>`${requiredValidUntil(WORKER_COLUMNS)}::text`,
    })
    .from(labourWorkers)
    .innerJoin(projects, eq(projects.id, labourWorkers.projectId))
    .leftJoin(team, eq(team.id, labourWorkers.teamId))
    .leftJoin(employer, eq(employer.id, labourWorkers.subcontractorId))
    .where(where)
    .$dynamic();
}

type Joined = {
  worker: LabourWorkerRow;
  projectName: string;
  teamName: string | null;
  subcontractorName: string | null;
  certificateState: CertificateState | null;
  certificateValidUntil: string | null;
};

/**
 * The identity a worker and an application both hold (the schema's workerIdentityColumns) as lists
 * show it: the ID number masked (`idNoColumn` is the column it is encrypted for).
 */
export const listedIdentity = (
  row: Pick<LabourWorkerRow, 'realName' | 'idType' | 'idNo' | 'phone' | 'gender' | 'birthDate'>,
  pii: ModuleContext['pii'],
  idNoColumn: 'labour_workers.id_no' | 'labour_applications.id_no',
) => ({
  realName: row.realName,
  idType: row.idType as WorkerIdType,
  idNo: pii.masked(row.idNo, idNoColumn) ?? '',
  phone: row.phone,
  gender: row.gender,
  birthDate: row.birthDate,
});

/** A worker as lists show it: the ID number masked. */
export function toWorkerItem(r: Joined, { pii, fileUrls }: Pick<ModuleContext, 'pii' | 'fileUrls'>): WorkerItem {
  const w = r.worker;
  return {
    id: w.id,
    projectId: w.projectId,
    projectName: r.projectName,
    ...listedIdentity(w, pii, 'labour_workers.id_no'),
    teamId: w.teamId,
    teamName: r.teamName,
    trade: w.trade as LabourTrade,
    subcontractorId: w.subcontractorId,
    subcontractorName: r.subcontractorName,
    entryDate: w.entryDate,
    exitDate: w.exitDate,
    status: w.status as WorkerStatus,
    blacklistReason: w.blacklistReason,
    emergencyContact: w.emergencyContact,
    emergencyPhone: w.emergencyPhone,
    bankCardNo: pii.masked(w.bankCardNo, 'labour_workers.bank_card_no'),
    photo: w.photo,
    photoUrl: photoUrlOf(fileUrls, w.photo),
    certificateState: r.certificateState,
    certificateValidUntil: r.certificateValidUntil,
    offTerminals: w.certificateBarred,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

/** The worker's row in a project: `and` of its id and project (used by the rules on teams and leaders). */
export const workerOfProject = (id: number, projectId: number) =>
  and(eq(labourWorkers.id, id), eq(labourWorkers.projectId, projectId));
