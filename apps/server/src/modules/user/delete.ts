import type { userApi } from '@siteops/contracts/user/api';
import { users } from '../../db/schema/index.ts';
import { deleteWithFiles } from '../../http/deleteWithFiles.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';
import { conflict } from '../../core/errors.ts';
import { enabledAdminsBesides, filesOwnedBy } from './service.ts';
import { t } from '../../core/messages/index.ts';
// A deleted member leaves its projects' face terminals.
import { markPersonnel } from '../visitor/personnel.ts';

/**
 * Delete users in the caller's scope, all or none: one id outside the scope (or missing) is a 404
 * for the batch. Nobody deletes themselves; the last enabled admin is never deleted. Their
 * sessions, memberships and images go with them.
 */
export const deleteUsers: Handler<typeof userApi.delete> = async (c, { ids }) => {
  if (ids.includes(c.user.id)) throw conflict(t('user.cannotDeleteSelf'));
  let adminsLeft = 0;
  return deleteWithFiles(c, {
    table: users,
    ids,
    scope: scope.users(c.caller),
    what: 'User',
    select: { id: users.id, userName: users.userName, role: users.role },
    // The admin rows are locked before the users', so concurrent deletes take their locks in one order.
    lockFirst: async (tx) => {
      adminsLeft = await enabledAdminsBesides(tx, [...ids]);
    },
    beforeDelete: async (tx, rows: { id: number; userName: string; role: string }[]) => {
      if (rows.some((r) => r.role === 'admin') && adminsLeft === 0) {
        throw conflict(t('user.cannotDeleteLastAdmin'));
      }
      await markPersonnel(tx, ids);
    },
    filesOf: (tx) => filesOwnedBy(tx, [...ids]),
    audit: { record: c.audit, action: 'user.delete', targetType: 'user' },
  });
};
