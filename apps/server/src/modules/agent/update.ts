import { eq } from 'drizzle-orm';
import type { agentApi } from '@siteops/contracts/agent/api';
import { agents, users } from '../../db/schema/index.ts';
import { uniqueOr409, updateReturningBefore } from '../../db/crud.ts';
import { agentBlock, agentExpiredSql, revokeAgentSessions, revokeUserSessions } from '../../auth/sessions.ts';
import { conflict, forbidden } from '../../core/errors.ts';
import type { Handler } from '../../http/endpoint.ts';
import { auditChanges, changeSet } from '../audit/record.ts';
import { agentAdminUser, loadAgentInScope } from './service.ts';
import { t } from '../../core/messages/index.ts';
// The agent's own user may be a project member on a face terminal.
import { markPersonnel, seenByGates } from '../visitor/personnel.ts';

/**
 * Change an agent in the caller's scope (an agent: only its own, and never its status or expiry).
 * When the result is invalid or expired, every session of its users ends at once.
 */
export const updateAgent: Handler<typeof agentApi.update> = async (c, body) => {
  const { db, caller } = c;
  const actor = c.user;
  const { id, user, ...patch } = body;
  const { agent: current } = await loadAgentInScope(db, caller, id);
  // Sending the values it already has (a form posting every field) changes nothing and is fine.
  const changesValidity =
    (patch.status !== undefined && patch.status !== current.status) ||
    (patch.expDate !== undefined && patch.expDate !== current.expDate);
  if (caller.role !== 'admin' && changesValidity) {
    throw forbidden(t('agent.adminOnlyStatus'));
  }
  const admin = user ? await agentAdminUser(db, id) : undefined;
  if (user && admin?.id === actor.id && user.enabled !== undefined && user.enabled !== 'enable') {
    throw conflict(t('user.cannotDisableSelf'));
  }
  await uniqueOr409(
    () =>
      db.transaction(async (tx) => {
        const before: Record<string, unknown> =
          (await updateReturningBefore(tx, agents, id, {
            ...patch,
            updatedId: actor.id,
          })) ?? {};
        const written: Record<string, unknown> = { ...patch };
        if (user && admin) {
          const { remark, ...rest } = user;
          const userSet = { ...rest, ...(remark !== undefined ? { introduction: remark } : {}) };
          const userBefore = await updateReturningBefore(tx, users, admin.id, { ...userSet, updatedId: actor.id });
          if (userBefore) before.user = userBefore;
          written.user = userSet;
          if (seenByGates(rest)) await markPersonnel(tx, [admin.id]);
          if (user.enabled === 'disable' && admin.enabled !== 'disable') {
            await revokeUserSessions(tx, admin.id, 'disabled');
          }
        }
        const [after] = await tx
          .select({ status: agents.status, expDate: agents.expDate, expired: agentExpiredSql })
          .from(agents)
          .where(eq(agents.id, id));
        const blocked = agentBlock(after);
        if (blocked) await revokeAgentSessions(tx, id);
        const detail = changeSet(
          { ...patch, ...(user ? { user } : {}) },
          { ...(blocked ? { sessionsEnded: true } : {}), changes: auditChanges(before, written) },
        );
        await c.audit({ action: 'agent.update', targetType: 'agent', targetId: id, detail }, tx);
      }),
    { field: 'name', message: t('agent.exists', { name: patch.name ?? '' }) },
  );
  return null;
};
