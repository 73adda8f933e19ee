import { and, eq, inArray, not } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { agentApi } from '@siteops/contracts/agent/api';
import type { ModuleContext } from '../../ports/context.ts';
import { agents, users, type AgentRow } from '../../db/schema/index.ts';
import { deleteAllOrNone, listTable, uniqueOr409 } from '../../db/crud.ts';
import { scope } from '../../auth/scope.ts';
import { agentExpiredSql } from '../../auth/sessions.ts';
import { initialPassword, oneTimeAnswer } from '../../auth/oneTimePassword.ts';
import { conflict } from '../../core/errors.ts';
import { route } from '../../http/endpoint.ts';
import { contains } from '../../core/list.ts';
import { changeSet } from '../audit/record.ts';
import { filesOwnedBy } from '../user/service.ts';
import { assertNoDependents } from './dependents.ts';
import { agentColumns, loadAgentInScope, toAgentItems } from './service.ts';
import { updateAgent } from './update.ts';
import { t } from '../../core/messages/index.ts';

/** /api/agent/*: agents (resellers) and their admin users. */
export function registerAgentModule(app: FastifyInstance, ctx: ModuleContext) {
  const { db, config, storage } = ctx;

  route(app, ctx, agentApi.listAll, async (c, q) =>
    listTable(db, q, {
      table: agents,
      select: agentColumns,
      where: and(
        scope.agents(c.caller),
        contains(agents.name, q.name),
        contains(agents.linkName, q.linkName),
        contains(agents.linkPhone, q.linkPhone),
        q.status ? eq(agents.status, q.status) : undefined,
        q.expired === undefined ? undefined : q.expired ? agentExpiredSql : not(agentExpiredSql),
      ),
      sort: {
        columns: {
          id: agents.id,
          name: agents.name,
          expDate: agents.expDate,
          createdAt: agents.createdAt,
          updatedAt: agents.updatedAt,
        },
        id: agents.id,
        fallback: 'createdAt',
      },
      mapRows: (rows: { agent: AgentRow; expired: boolean }[]) => toAgentItems(db, rows),
    }),
  );

  route(app, ctx, agentApi.detail, async (c, { id }) => {
    const [item] = await toAgentItems(db, [await loadAgentInScope(db, c.caller, id)]);
    return item;
  });

  /**
   * The agent and its admin user (role agent, isAgent) in one transaction: if either insert fails,
   * neither exists. Without a password the user gets a one-time one, answered once to the caller.
   */
  route(app, ctx, agentApi.add, async (c, { user, ...agent }) => {
    const { columns, issued } = await initialPassword(user.password, config.oneTimePasswordHours);
    return uniqueOr409(
      () =>
        db.transaction(async (tx) => {
          const [{ id }] = await tx
            .insert(agents)
            .values({ ...agent, status: agent.status ?? 'valid', createdId: c.user.id, updatedId: c.user.id })
            .returning({ id: agents.id });
          const [{ id: userId }] = await tx
            .insert(users)
            .values({
              userName: user.userName,
              ...columns,
              realName: user.realName,
              phone: user.phone ?? null,
              email: user.email ?? null,
              address: user.address ?? null,
              introduction: user.remark ?? null,
              enabled: user.enabled ?? 'enable',
              isAgent: true,
              role: 'agent',
              agentId: id,
              createdId: c.user.id,
              updatedId: c.user.id,
            })
            .returning({ id: users.id });
          const detail = changeSet({ ...agent, user: { ...user, password: undefined } }, { userId });
          await c.audit({ action: 'agent.add', targetType: 'agent', targetId: id, detail }, tx);
          return issued ? { id, userId, ...oneTimeAnswer(issued) } : { id, userId };
        }),
      {
        byConstraint: { agents_name_unique: { field: 'name', message: t('agent.exists', { name: agent.name }) } },
        otherwise: { field: 'user.userName', message: t('user.exists', { name: user.userName }) },
      },
    );
  });

  route(app, ctx, agentApi.update, async (c, body) => {
    await updateAgent(c, body);
    return null;
  });

  /**
   * Agents go with their admin users, all or none; refused (409, naming what is left) while other
   * users, projects or devices still belong to one.
   */
  route(app, ctx, agentApi.delete, async (c, { ids }) => {
    let adminIds: number[] = [];
    let blobs: string[] = [];
    const result = await deleteAllOrNone(db, {
      table: agents,
      ids,
      scope: scope.agents(c.caller),
      what: 'Agent',
      select: { id: agents.id, name: agents.name },
      beforeDelete: async (tx, rows: { id: number; name: string }[]) => {
        for (const row of rows) await assertNoDependents(tx, row);
        const agentIds = rows.map((r) => r.id);
        const admins = await tx.select({ id: users.id }).from(users).where(inArray(users.agentId, agentIds));
        if (admins.some((a) => a.id === c.user.id)) throw conflict(t('agent.cannotDeleteOwn'));
        adminIds = admins.map((a) => a.id);
        blobs = await filesOwnedBy(tx, adminIds);
        if (adminIds.length) await tx.delete(users).where(inArray(users.id, adminIds));
      },
      audit: {
        record: c.audit,
        action: 'agent.delete',
        targetType: 'agent',
        // Its admin users went with it.
        detail: (row) => ({ name: row.name, users: adminIds }),
      },
    });
    await Promise.all(blobs.map((key) => storage.delete(key).catch(() => {})));
    return result;
  });
}
