import type { userApi } from '@siteops/contracts/user/api';
import type { Handler } from '../../http/endpoint.ts';
import { forbidden } from '../../core/errors.ts';
import { agentNameOf, loadUserInScope } from './service.ts';
import { toUserDetail } from './view.ts';
import { t } from '../../core/messages/index.ts';

/**
 * One user in the caller's scope (404 outside it). idNo and cardNo come masked; `reveal=1` answers
 * them in full to an admin (the edit form) and records that read in the audit log; anyone else
 * asking to reveal gets 403.
 */
export const userDetail: Handler<typeof userApi.detail> = async (c, { id, reveal }) => {
  const row = await loadUserInScope(c.db, c.caller, id);
  if (reveal && c.user.role !== 'admin') throw forbidden(t('user.revealAdminOnly'));
  if (reveal) {
    await c.audit({
      action: 'user.reveal',
      targetType: 'user',
      targetId: id,
      detail: { fields: ['idNo', 'cardNo'], userName: row.userName },
    });
  }
  return toUserDetail(row, await agentNameOf(c.db, row.agentId), c, reveal === true);
};
