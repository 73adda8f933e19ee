import type { agentApi } from '@siteops/contracts/agent/api';
import { agents, users } from '../../db/schema/index.ts';
import { uniqueOr409 } from '../../db/crud.ts';
import { initialPassword, oneTimeAnswer } from '../../auth/oneTimePassword.ts';
import type { Handler } from '../../http/endpoint.ts';
import { changeSet } from '../audit/record.ts';
import { t } from '../../core/messages/index.ts';

/**
 * The agent and its admin user (role agent, isAgent) in one transaction: if either insert fails,
 * neither exists. Without a password the user gets a one-time one, answered once to the caller.
 */
export const addAgent: Handler<typeof agentApi.add> = async (c, { user, ...agent }) => {
  const { db, config } = c;
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
};
