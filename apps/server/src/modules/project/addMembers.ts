import type { projectApi } from '@siteops/contracts/project/api';
import { projectMembers, users } from '../../db/schema/index.ts';
import { allInScopeOr404 } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { candidatesOf, loadProjectInScope } from './service.ts';
// Members are published to the project's face terminals.
import { markProjectPersonnel } from '../visitor/personnel.ts';

/** Add users of the project's own agent as members, all or none (404 for any outside it). */
export const addMembers: Handler<typeof projectApi.addMembers> = async (c, body) => {
  const { db } = c;
  const { projectId } = body;
  const userIds = [...new Set(body.userIds)];
  const project = await loadProjectInScope(db, c.caller, projectId);
  const added = await db.transaction(async (tx) => {
    await allInScopeOr404(tx, { table: users, ids: userIds, scope: candidatesOf(project), what: 'User' });
    const rows = await tx
      .insert(projectMembers)
      .values(userIds.map((userId) => ({ projectId, userId, role: 'member', createdId: c.user.id })))
      .onConflictDoNothing()
      .returning({ userId: projectMembers.userId });
    await markProjectPersonnel(
      tx,
      projectId,
      rows.map((r) => r.userId),
    );
    const detail = { fields: ['members'], values: { added: rows.map((r) => r.userId) } };
    await c.audit({ action: 'project.addMembers', targetType: 'project', targetId: projectId, detail }, tx);
    return rows.length;
  });
  return { added };
};
