import type { userApi } from '@siteops/contracts/user/api';
import { users } from '../../db/schema/index.ts';
import { uniqueOr409 } from '../../db/crud.ts';
import { initialPassword, oneTimeAnswer } from '../../auth/oneTimePassword.ts';
import type { Handler } from '../../http/endpoint.ts';
import { badRequest, forbidden } from '../../core/errors.ts';
import { changeSet } from '../audit/record.ts';
import { assertAgentExists, attachImages, columnsOf } from './service.ts';
import { t } from '../../core/messages/index.ts';

/**
 * Admin: any user, of any agent. Agent: users of its own agent only, never an admin. Without a
 * password the user gets a one-time one, answered once to the caller (see resetPasswd).
 */
export const addUser: Handler<typeof userApi.add> = async (c, input) => {
  const { db, config, pii, caller } = c;
  const actor = c.user;
  const body = { ...input };
  if (caller.role === 'agent') {
    if (body.role === 'admin') throw forbidden(t('user.agentCannotCreateAdmin'));
    if (caller.agentId === null) throw forbidden(t('user.noAgent'));
    if (body.agentId != null && body.agentId !== caller.agentId) {
      throw badRequest(t('user.ownAgentOnly'), { agentId: t('user.ownAgentOnly.field') });
    }
    body.agentId = caller.agentId;
  } else if (body.agentId != null) {
    await assertAgentExists(db, body.agentId);
  }
  if (body.role === 'agent' && body.agentId == null) {
    throw badRequest(t('user.agentIdRequired'), { agentId: t('user.agentIdRequired.field') });
  }
  const { password, ...profile } = body;
  const { columns, issued } = await initialPassword(password, config.oneTimePasswordHours);
  const id = await uniqueOr409(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            ...columnsOf(profile, pii),
            userName: body.userName,
            ...columns,
            isAgent: body.role === 'agent',
            createdId: actor.id,
            updatedId: actor.id,
          })
          .returning({ id: users.id });
        // The row already names the images; this checks the caller may hand them over, or rolls back.
        await attachImages(tx, actor.id, { id: row.id }, profile);
        await c.audit(
          {
            action: 'user.add',
            targetType: 'user',
            targetId: row.id,
            detail: changeSet(profile, { userName: body.userName, oneTimePassword: issued !== null }),
          },
          tx,
        );
        return row.id;
      }),
    { field: 'userName', message: t('user.exists', { name: body.userName }) },
  );
  return issued ? { id, ...oneTimeAnswer(issued) } : { id };
};
