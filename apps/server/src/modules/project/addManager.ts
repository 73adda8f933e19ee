import { and, eq } from 'drizzle-orm';
import type { projectApi } from '@siteops/contracts/project/api';
import { projectMembers, users } from '../../db/schema/index.ts';
import { badRequest, notFoundOf } from '../../core/errors.ts';
import type { Handler } from '../../http/endpoint.ts';
import { candidatesOf, loadProjectInScope } from './service.ts';
import { t } from '../../core/messages/index.ts';
// Members are published to the project's face terminals.
import { markProjectPersonnel } from '../visitor/personnel.ts';

/** Appoint a manager of the project's own agent as a manager of a project in the caller's scope. */
export const addManager: Handler<typeof projectApi.addManager> = async (c, { projectId, userId }) => {
  const { db } = c;
  const project = await loadProjectInScope(db, c.caller, projectId);
  const [user] = await db
    .select({ id: users.id, role: users.role, userName: users.userName })
    .from(users)
    .where(and(eq(users.id, userId), candidatesOf(project)));
  if (!user) throw notFoundOf('User');
  if (user.role !== 'manager') {
    throw badRequest(t('project.mustBeManager'), { userId: t('project.mustBeManager.field') });
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(projectMembers)
      .values({ projectId, userId, role: 'manager', createdId: c.user.id })
      .onConflictDoUpdate({ target: [projectMembers.projectId, projectMembers.userId], set: { role: 'manager' } });
    await markProjectPersonnel(tx, projectId, [userId]);
    const detail = { fields: ['managers'], values: { userId, userName: user.userName } };
    await c.audit({ action: 'project.addManager', targetType: 'project', targetId: projectId, detail }, tx);
  });
  return null;
};
