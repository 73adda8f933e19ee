import { and, desc, eq, sql } from 'drizzle-orm';
import type { labourApi } from '@siteops/contracts/labour/api';
import type { ApplicationStatus } from '@siteops/contracts/labour/self-reg';
import type { LabourTrade, WorkerIdType } from '@siteops/contracts/labour/schemas';
import { labourApplications, labourTeams, projects } from '../../db/schema/index.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler, HandlerContext } from '../../http/endpoint.ts';
import { readPage } from '../../http/readPage.ts';
import { countAll, equalFilters } from '../../core/list.ts';
import { conflict } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import type { WorkerGates } from './gate.ts';
import { photoUrlOf } from './postPhoto.ts';
import { todayAt } from './rules.ts';
import { listedIdentity, loadInScope, settingsOf } from './service.ts';
import { registerWorker } from './write.ts';

/**
 * The console's side of a worker's self-registration: who may decide is who manages the project's
 * labour (its managers, its agent, admins; teams' leaders are workers without an account, so they do
 * not decide). Approving registers the worker through the form's own path (every rule of
 * /api/labour/add); the application keeps its state either way.
 */

export const listApplications: Handler<typeof labourApi.applications> = async (c, q) => {
  const { db, pii } = c;
  const where = and(
    scope.labour(c.caller, labourApplications.projectId),
    ...equalFilters(labourApplications, q, ['projectId', 'status']),
  );
  const { rows, total } = await readPage(
    q,
    db
      .select({ a: labourApplications, projectName: projects.name, teamName: labourTeams.name })
      .from(labourApplications)
      .innerJoin(projects, eq(projects.id, labourApplications.projectId))
      .leftJoin(labourTeams, eq(labourTeams.id, labourApplications.teamId))
      .where(where)
      .orderBy(sql`(${labourApplications.status} = 'pending') desc`, desc(labourApplications.id)),
    db.select({ total: countAll }).from(labourApplications).where(where),
  );
  const list = rows.map(({ a, projectName, teamName }) => ({
    id: a.id,
    projectId: a.projectId,
    projectName,
    ...listedIdentity(a, pii, 'labour_applications.id_no'),
    trade: a.trade as LabourTrade,
    teamId: a.teamId,
    teamName,
    emergencyContact: a.emergencyContact,
    emergencyPhone: a.emergencyPhone,
    photoUrl: photoUrlOf(c.fileUrls, a.photo),
    status: a.status as ApplicationStatus,
    rejectReason: a.rejectReason,
    workerId: a.workerId,
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
  }));
  return { list, total, page: q.page, pageSize: q.pageSize };
};

/** A pending application in the caller's scope: 404 outside it, 409 once decided. */
async function loadPending(c: HandlerContext, id: number) {
  const row = await loadInScope(c.db, c.caller, labourApplications, id, 'Application');
  if (row.status !== 'pending') throw conflict(t('labour.applicationDecided'));
  return row;
}

/** Mark it decided, unless another decision came first (409). */
async function decide(c: HandlerContext, id: number, set: Partial<typeof labourApplications.$inferInsert>) {
  const done = await c.db
    .update(labourApplications)
    .set({ ...set, decidedId: c.user.id, decidedAt: new Date() })
    .where(and(eq(labourApplications.id, id), eq(labourApplications.status, 'pending')))
    .returning({ id: labourApplications.id });
  if (!done.length) throw conflict(t('labour.applicationDecided'));
}

/**
 * Register the applicant, on site from the project's today: an ID number already in the project or
 * blacklisted on another project of its agent is refused with its reason (409), and the application
 * stays pending, so it can still be rejected with that reason.
 */
export const approveApplication =
  (gates: WorkerGates): Handler<typeof labourApi.approveApplication> =>
  async (c, { id }) => {
    const a = await loadPending(c, id);
    const { utcOffsetMinutes } = await settingsOf(c.db, a.projectId);
    const worker = await registerWorker(
      c,
      gates,
      {
        projectId: a.projectId,
        realName: a.realName,
        idType: a.idType as WorkerIdType,
        idNo: c.pii.decrypt(a.idNo, 'labour_applications.id_no'),
        phone: a.phone,
        gender: a.gender as 'male' | 'female' | null,
        birthDate: a.birthDate,
        teamId: a.teamId,
        trade: a.trade as LabourTrade,
        entryDate: todayAt(utcOffsetMinutes),
        status: 'on_site',
        emergencyContact: a.emergencyContact,
        emergencyPhone: a.emergencyPhone,
        photo: a.photo,
      },
      null,
    );
    await decide(c, id, { status: 'approved', workerId: worker.id });
    await c.audit({ action: 'labour.approveApplication', targetType: 'labourApplication', targetId: id });
    return worker;
  };

export const rejectApplication: Handler<typeof labourApi.rejectApplication> = async (c, { id, reason }) => {
  await loadPending(c, id);
  await decide(c, id, { status: 'rejected', rejectReason: reason });
  await c.audit({
    action: 'labour.rejectApplication',
    targetType: 'labourApplication',
    targetId: id,
    detail: { reason },
  });
  return null;
};
