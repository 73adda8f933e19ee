import { eq } from 'drizzle-orm';
import type { accountApi } from '@siteops/contracts/account/api';
import { SOCIAL_FIELDS, type SocialField } from '@siteops/contracts/account/social';
import type { SocialInfo } from '@siteops/contracts/account/schemas';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Handler } from '../../http/endpoint.ts';
import { auditChanges, auditOwnAccount, changeSet } from '../audit/record.ts';
import { socialOf } from '../user/service.ts';

const socialColumns = Object.fromEntries(SOCIAL_FIELDS.map((f) => [f, users[f]])) as {
  [F in SocialField]: (typeof users)[F];
};

async function readSocial(db: Db, userId: number) {
  const [row] = await db.select(socialColumns).from(users).where(eq(users.id, userId));
  return socialOf(row);
}

/** The caller's own social info, read from the row (not the session's cached copy of it). */
export const socialInfo: Handler<typeof accountApi.social> = (c) => readSocial(c.db, c.user.id);

/**
 * The caller saves its own social info: only the fields sent change ('' or null clears one). A save that
 * changes nothing writes and audits nothing; otherwise the audit row names the changed fields and their
 * new values, and each one's value before and after (`changes`), like a profile edit.
 */
export const saveSocial: Handler<typeof accountApi.saveSocial> = async (c, input) => {
  const me = c.user;
  return c.db.transaction(async (tx) => {
    const [before] = await tx.select(socialColumns).from(users).where(eq(users.id, me.id)).for('update');
    const patch = Object.fromEntries(
      SOCIAL_FIELDS.filter((f) => input[f] !== undefined && (input[f] ?? null) !== (before[f] ?? null)).map((f) => [
        f,
        input[f] ?? null,
      ]),
    ) as Partial<SocialInfo>;
    if (!Object.keys(patch).length) return socialOf(before);
    await tx
      .update(users)
      .set({ ...patch, updatedId: me.id })
      .where(eq(users.id, me.id));
    const changes = auditChanges(before, patch);
    await auditOwnAccount(c, 'account.social', changeSet(patch, { userName: me.userName, changes }), tx);
    return { ...socialOf(before), ...patch };
  });
};
