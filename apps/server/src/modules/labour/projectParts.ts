import { and, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@siteops/contracts/audit/actions';
import { labourSubcontractors, labourTeams } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import type { HandlerContext } from '../../http/endpoint.ts';
import { deleteAllOrNone, uniqueOr409, updateReturningBefore, type UniqueField } from '../../db/crud.ts';
import { contains, equalFilters } from '../../core/list.ts';
import { auditChanges, changeSet } from '../audit/record.ts';
import { loadInScope } from './service.ts';

/**
 * A project's named part, a subcontractor or a team: unique by name within its project, listed, changed
 * and deleted the same way, each under its own audit actions.
 */
export interface ProjectPart {
  table: typeof labourSubcontractors | typeof labourTeams;
  what: 'Subcontractor' | 'Team';
  targetType: string;
  duplicate: UniqueField;
  updateAction: AuditAction;
  deleteAction: AuditAction;
}

/** The parts of the caller's projects a list shows: of one project if asked, by part of their name. */
export const partsWhere = (
  caller: Caller,
  part: ProjectPart,
  q: { projectId?: number; name?: string },
): SQL | undefined =>
  and(
    scope.labour(caller, part.table.projectId),
    ...equalFilters(part.table, q, ['projectId']),
    contains(part.table.name, q.name),
  );

/**
 * Change a part of the caller's projects (only the fields sent), after `check` (say, that what it names
 * belongs to the same project); a name its project already has is the 409 `part.duplicate` says.
 */
export async function updatePart(
  c: HandlerContext,
  part: ProjectPart,
  { id, ...patch }: { id: number } & Record<string, unknown>,
  check?: (current: { projectId: number }) => Promise<void>,
): Promise<null> {
  const current = await loadInScope(c.db, c.caller, part.table, id, part.what);
  await check?.(current);
  await uniqueOr409(
    () =>
      c.db.transaction(async (tx) => {
        const before = await updateReturningBefore(tx, part.table, id, {
          ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
          updatedId: c.user.id,
        });
        const detail = changeSet(patch, { name: current.name, changes: auditChanges(before, patch) });
        await c.audit({ action: part.updateAction, targetType: part.targetType, targetId: id, detail }, tx);
      }),
    part.duplicate,
  );
  return null;
}

/** Delete parts of the caller's projects, all or none; the rows naming them stay, without it. */
export const deleteParts = (c: HandlerContext, part: ProjectPart, ids: readonly number[]) =>
  deleteAllOrNone(c.db, {
    table: part.table,
    ids,
    scope: scope.labour(c.caller, part.table.projectId),
    what: part.what,
    select: { id: part.table.id, name: part.table.name, projectId: part.table.projectId },
    audit: { record: c.audit, action: part.deleteAction, targetType: part.targetType },
  });
