import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { projectApi } from '@siteops/contracts/project/api';
import type { ModuleContext } from '../../ports/context.ts';
import { projectMembers, users } from '../../db/schema/index.ts';
import { allInScopeOr404 } from '../../db/crud.ts';
import { badRequest, conflict, forbidden, notFound, notFoundOf } from '../../core/errors.ts';
import { route } from '../../http/endpoint.ts';
import { countAll, pageWindow } from '../../core/list.ts';
import { candidatesOf, keywordOf, loadProjectInScope } from './service.ts';
import { t } from '../../core/messages/index.ts';
// Members are published to the project's face terminals.
import { markProjectPersonnel } from '../visitor/personnel.ts';

/** A project's managers and members: who is in it, who could join, adding and removing them. */
export function registerPersonnel(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  route(app, ctx, projectApi.addManager, async (c, { projectId, userId }) => {
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
  });

  route(app, ctx, projectApi.members, async (c, q) => {
    await loadProjectInScope(db, c.caller, q.projectId);
    const where = and(eq(projectMembers.projectId, q.projectId), keywordOf(q.keyword));
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          userId: users.id,
          userName: users.userName,
          realName: users.realName,
          phone: users.phone,
          sex: users.sex,
          role: users.role,
          enabled: users.enabled,
          certification: users.certification,
          projectRole: projectMembers.role,
          joinedAt: projectMembers.createdAt,
        })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .where(where)
        .orderBy(asc(projectMembers.role), asc(users.id))
        .limit(pageWindow(q).limit)
        .offset(pageWindow(q).offset),
      db
        .select({ total: countAll })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .where(where),
    ]);
    const list = rows.map((m) => ({
      ...m,
      projectRole: m.projectRole as 'manager' | 'member',
      joinedAt: m.joinedAt.toISOString(),
    }));
    return { list, total, page: q.page, pageSize: q.pageSize };
  });

  route(app, ctx, projectApi.candidates, async (c, q) => {
    const project = await loadProjectInScope(db, c.caller, q.projectId);
    // A manager candidate may already be a plain member (appointing promotes it); a member candidate
    // must not be in the project at all.
    const alreadyIn =
      q.purpose === 'manager'
        ? sql`not exists (select 1 from ${projectMembers} c_m where c_m.project_id = ${project.id} and c_m.user_id = ${users.id} and c_m.role = 'manager')`
        : sql`not exists (select 1 from ${projectMembers} c_m where c_m.project_id = ${project.id} and c_m.user_id = ${users.id})`;
    const where = and(
      candidatesOf(project),
      keywordOf(q.keyword),
      q.purpose === 'manager' ? eq(users.role, 'manager') : undefined,
      alreadyIn,
    );
    const [list, [{ total }]] = await Promise.all([
      db
        .select({
          id: users.id,
          userName: users.userName,
          realName: users.realName,
          phone: users.phone,
          role: users.role,
        })
        .from(users)
        .where(where)
        .orderBy(asc(users.userName))
        .limit(pageWindow(q).limit)
        .offset(pageWindow(q).offset),
      db.select({ total: countAll }).from(users).where(where),
    ]);
    return { list, total, page: q.page, pageSize: q.pageSize };
  });

  route(app, ctx, projectApi.addMembers, async (c, body) => {
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
  });

  route(app, ctx, projectApi.removeMembers, async (c, body) => {
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
  });
}
