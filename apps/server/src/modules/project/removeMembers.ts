import { and, eq, inArray } from 'drizzle-orm';
import type { projectApi } from '@siteops/contracts/project/api';
import { projectMembers } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../core/errors.ts';
import type { Handler } from '../../http/endpoint.ts';
import { loadProjectInScope } from './service.ts';
import { t } from '../../core/messages/index.ts';
// Members are published to the project's face terminals.
import { markProjectPersonnel } from '../visitor/personnel.ts';

/** Remove members, all or none; only an admin removes a manager, or itself. */
export const removeMembers: Handler<typeof projectApi.removeMembers> = async (c, body) => {
  const { db } = c;
  const { projectId } = body;
  const userIds = [...new Set(body.userIds)];
  await loadProjectInScope(db, c.caller, projectId);
  if (c.caller.role !== 'admin' && userIds.includes(c.user.id)) {
    throw conflict(t('project.cannotRemoveSelf'));
  }
  // A manager sharing a project with a co-manager could otherwise strip it of the project; appointing
  // managers is admin-only (addManager), so is removing them.
  if (c.caller.role !== 'admin') {
    const managers = await db
      .select({ userId: projectMembers.userId })
      .from(projectMembers)
      .where(
        and(
          eq(projectMembers.projectId, projectId),
          inArray(projectMembers.userId, userIds),
          eq(projectMembers.role, 'manager'),
        ),
      );
    if (managers.length) throw forbidden(t('project.adminOnlyRemoveManager'));
  }
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.userId, userIds)))
      .returning({ userId: projectMembers.userId });
    const missing = userIds.filter((id) => !rows.some((r) => r.userId === id));
    // All or none: the transaction rolls the deletions back.
    if (missing.length) throw notFound(t('project.notMembers', { ids: missing }));
    await markProjectPersonnel(tx, projectId, userIds);
    const detail = { fields: ['members'], values: { removed: userIds } };
    await c.audit({ action: 'project.removeMembers', targetType: 'project', targetId: projectId, detail }, tx);
    return rows.length;
  });
  return { removed };
};
