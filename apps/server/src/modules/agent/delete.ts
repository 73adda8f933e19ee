import { inArray } from 'drizzle-orm';
import type { agentApi } from '@siteops/contracts/agent/api';
import { agents, users } from '../../db/schema/index.ts';
import { deleteWithFiles } from '../../http/deleteWithFiles.ts';
import { scope } from '../../auth/scope.ts';
import { conflict } from '../../core/errors.ts';
import type { Handler } from '../../http/endpoint.ts';
import { filesOwnedBy } from '../user/service.ts';
import { assertNoDependents } from './dependents.ts';
import { t } from '../../core/messages/index.ts';

/**
 * Agents go with their admin users, all or none; refused (409, naming what is left) while other
 * users, projects or devices still belong to one.
 */
export const deleteAgents: Handler<typeof agentApi.delete> = async (c, { ids }) => {
  let adminIds: number[] = [];
  return deleteWithFiles(c, {
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
    },
    // The admin users' files, read before the users go.
    filesOf: async (tx) => {
      const files = await filesOwnedBy(tx, adminIds);
      if (adminIds.length) await tx.delete(users).where(inArray(users.id, adminIds));
      return files;
    },
    audit: {
      record: c.audit,
      action: 'agent.delete',
      targetType: 'agent',
      // Its admin users went with it.
      detail: (row) => ({ name: row.name, users: adminIds }),
    },
  });
};
