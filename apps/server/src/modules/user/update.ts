import type { userApi } from '@siteops/contracts/user/api';
import { users } from '../../db/schema/index.ts';
import { uniqueOr409, updateReturningBefore } from '../../db/crud.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import type { Handler } from '../../http/endpoint.ts';
import { badRequest, conflict, forbidden } from '../../core/errors.ts';
import { auditChanges, changeSet, decrypted } from '../audit/record.ts';
import { assertAgentExists, attachImages, columnsOf, enabledAdminsBesides, loadUserInScope } from './service.ts';
import { t } from '../../core/messages/index.ts';
// A project member's face terminals show its name and photo, and only while it is enabled.
import { markPersonnel, seenByGates } from '../visitor/personnel.ts';

/**
 * Change some fields of a user in the caller's scope (404 outside it). `enabled: 'disable'` ends
 * the user's sessions at once. Nobody disables or demotes themselves, and the last enabled admin
 * stays an enabled admin.
 */
export const updateUser: Handler<typeof userApi.update> = async (c, input) => {
  const { db, pii, storage, caller } = c;
  const actor = c.user;
  const { id, ...patch } = input;
  const target = await loadUserInScope(db, caller, id);

  if (caller.role === 'agent') {
    if (patch.role === 'admin') throw forbidden(t('user.agentCannotMakeAdmin'));
    if (patch.agentId !== undefined && patch.agentId !== target.agentId) {
      throw badRequest(t('user.cannotMove'), { agentId: t('user.cannotMove.field') });
    }
  } else if (patch.agentId != null && patch.agentId !== target.agentId) {
    await assertAgentExists(db, patch.agentId);
  }
  if (id === actor.id) {
    if (patch.enabled !== undefined && patch.enabled !== target.enabled && patch.enabled !== 'enable') {
      throw conflict(t('user.cannotDisableSelf'));
    }
    if (patch.role !== undefined && patch.role !== target.role) throw conflict(t('user.cannotChangeOwnRole'));
  }
  const role = patch.role ?? target.role;
  const agentId = patch.agentId !== undefined ? patch.agentId : target.agentId;
  if (role === 'agent' && agentId === null) {
    throw badRequest(t('user.agentIdRequired'), { agentId: t('user.agentIdRequired.field') });
  }
  const disabling = patch.enabled === 'disable' && target.enabled !== 'disable';

  const replaced = await uniqueOr409(
    () =>
      db.transaction(async (tx) => {
        const losesAdmin =
          target.role === 'admin' &&
          (role !== 'admin' || (patch.enabled === 'disable' && target.enabled !== 'disable'));
        if (losesAdmin && (await enabledAdminsBesides(tx, [id])) === 0) {
          throw conflict(t('user.lastAdmin'));
        }
        const before = await updateReturningBefore(tx, users, id, {
          ...columnsOf(patch, pii),
          ...(patch.role ? { isAgent: patch.role === 'agent' } : {}),
          updatedId: actor.id,
        });
        const orphans = await attachImages(tx, actor.id, target, patch);
        if (disabling) await revokeUserSessions(tx, id, 'disabled');
        if (seenByGates(patch)) await markPersonnel(tx, [id]);
        await c.audit(
          {
            action: disabling ? 'user.disable' : 'user.update',
            targetType: 'user',
            targetId: id,
            detail: changeSet(patch, {
              userName: target.userName,
              changes: auditChanges(decrypted(pii, before, { idNo: 'users.id_no', cardNo: 'users.card_no' }), patch),
            }),
          },
          tx,
        );
        return orphans;
      }),
    { field: 'userName', message: t('user.exists', { name: patch.userName ?? '' }) },
  );
  await Promise.all(replaced.map((key) => storage.delete(key).catch(() => {})));
  return null;
};
