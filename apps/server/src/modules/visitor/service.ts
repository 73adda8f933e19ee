import { and, eq, inArray, isNull, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { VisitorItem, VisitorStatus } from '@siteops/contracts/visitor/schemas';
import type { Db } from '../../db/client.ts';
import {
  projectMembers,
  projects,
  users,
  visitorConfigs,
  visitorPhotos,
  visitors,
  type VisitorConfigRow,
  type VisitorRow,
} from '../../db/schema/index.ts';
import type { ModuleContext } from '../../ports/context.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { loadOr404 } from '../../db/crud.ts';
import { fieldError } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { PHOTO_BASE } from './photo.ts';

export const loadVisitorInScope = (db: Db, caller: Caller, id: number): Promise<VisitorRow> =>
  loadOr404(db, { table: visitors, idColumn: visitors.id, id, scope: scope.visitors(caller), what: 'Visitor' });

/** The project, when the caller may register visitors in it (admin any; a manager those it manages); else 404. */
export const loadProjectForVisitors = (db: Db, caller: Caller, id: number) =>
  loadOr404(db, {
    table: projects,
    idColumn: projects.id,
    id,
    scope: caller.role === 'admin' ? undefined : scope.projects(caller),
    what: 'Project',
  });

export const configOf = async (db: Db, projectId: number): Promise<VisitorConfigRow | undefined> =>
  (await db.select().from(visitorConfigs).where(eq(visitorConfigs.projectId, projectId)))[0];

/** A host must be a manager or member of the visitor's project. */
export async function assertHostInProject(db: Db, userId: number, projectId: number) {
  const [row] = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  if (!row) throw fieldError('userId', t('visitor.hostNotInProject'));
}

/**
 * Whether `photoId` is a photo `callerId` uploaded (null: one uploaded through a self-registration link,
 * never one a user uploaded) that no visitor has yet, nor any row `otherUses` finds.
 */
export async function isFreePhoto(
  db: Db,
  callerId: number | null,
  photoId: string,
  otherUses: readonly SQLWrapper[] = [],
): Promise<boolean> {
  const [row] = await db
    .select({ id: visitorPhotos.id })
    .from(visitorPhotos)
    .where(
      and(
        eq(visitorPhotos.id, photoId),
        callerId === null ? isNull(visitorPhotos.uploaderId) : eq(visitorPhotos.uploaderId, callerId),
        notExists(db.select({ id: visitors.id }).from(visitors).where(eq(visitors.avatar, photoId))),
        ...otherUses.map((use) => notExists(use)),
      ),
    );
  return row !== undefined;
}

/**
 * A free photo ({@link isFreePhoto}) or the one this visitor already has; anything else is a 400 naming
 * avatar, so nobody attaches a photo they have not seen.
 */
export async function assertUsablePhoto(db: Db, callerId: number | null, photoId: string, current: string | null) {
  if (photoId !== current && !(await isFreePhoto(db, callerId, photoId)))
    throw fieldError('avatar', t('visitor.unknownPhoto'));
}

const host = alias(users, 'host');
const auditor = alias(users, 'auditor');

/** Visitors with their project's, host's and auditor's names; `where` already holds the scope. */
export function selectVisitors(db: Db, where: SQL | undefined) {
  return db
    .select({ visitor: visitors, projectName: projects.name, hostName: host.userName, auditorName: auditor.userName })
    .from(visitors)
    .innerJoin(projects, eq(projects.id, visitors.projectId))
    .leftJoin(host, eq(host.id, visitors.userId))
    .leftJoin(auditor, eq(auditor.id, visitors.auditorId))
    .where(where)
    .$dynamic();
}

type Joined = { visitor: VisitorRow; projectName: string; hostName: string | null; auditorName: string | null };

/** A visitor as lists show it: ID number masked, photo as a signed URL. */
export function toVisitorItem(r: Joined, { pii, fileUrls }: Pick<ModuleContext, 'pii' | 'fileUrls'>): VisitorItem {
  const v = r.visitor;
  return {
    id: v.id,
    projectId: v.projectId,
    projectName: r.projectName,
    realName: v.realName,
    avatar: v.avatar,
    avatarUrl: v.avatar ? fileUrls.url(v.avatar, Date.now(), PHOTO_BASE) : null,
    qrCode: v.qrCode,
    sex: v.sex,
    phone: v.phone,
    idNo: pii.masked(v.idNo, 'visitors.id_no'),
    visitStart: v.visitStart.toISOString(),
    visitEnd: v.visitEnd.toISOString(),
    reasons: v.reasons,
    userId: v.userId,
    userName: r.hostName,
    address: v.address,
    status: v.status as VisitorStatus,
    auditorId: v.auditorId,
    auditorName: r.auditorName,
    auditedAt: v.auditedAt?.toISOString() ?? null,
    auditRemark: v.auditRemark,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

/** The photos of these visitors (a photo belongs to one visitor only), to delete with them. */
export async function photosOf(db: Db, ids: readonly number[]): Promise<string[]> {
  const rows = await db
    .select({ avatar: visitors.avatar })
    .from(visitors)
    .where(inArray(visitors.id, [...ids]));
  return rows.map((r) => r.avatar).filter((a): a is string => a !== null);
}
