import type { userApi } from '@siteops/contracts/user/api';
import { UPDATE_SELF_FIELDS } from '@siteops/contracts/user/schemas';
import { users } from '../../db/schema/index.ts';
import { updateReturningBefore } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { auditChanges, auditOwnAccount, changeSet } from '../audit/record.ts';
import { attachImages, columnsOf } from './service.ts';
// A project member's face terminals show its name and photo.
import { markPersonnel, seenByGates } from '../visitor/personnel.ts';

/**
 * Every role edits its own safe profile fields (realName, nickName, sex, birthday, phone, email, nation,
 * country, area, address, introduction, avatar): the overview's "edit info" and the settings' basic info. Anything else in the body is a 400 naming it,
 * so role, account, agent, enabled state and the PII numbers stay with the admin's form.
 */
export const updateSelf: Handler<typeof userApi.updateSelf> = async (c, input) => {
  const { db, pii, storage } = c;
  const me = c.user;
  const patch = Object.fromEntries(
    UPDATE_SELF_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]]),
  ) as Parameters<typeof columnsOf>[0];
  const replaced = await db.transaction(async (tx) => {
    const before = Object.keys(patch).length
      ? await updateReturningBefore(tx, users, me.id, { ...columnsOf(patch, pii), updatedId: me.id })
      : {};
    const orphans = await attachImages(tx, me.id, me, patch);
    if (seenByGates(patch)) await markPersonnel(tx, [me.id]);
    const changes = auditChanges(before, patch);
    await auditOwnAccount(c, 'user.updateSelf', changeSet(patch, { userName: me.userName, changes }), tx);
    return orphans;
  });
  await Promise.all(replaced.map((key) => storage.delete(key).catch(() => {})));
  return null;
};
