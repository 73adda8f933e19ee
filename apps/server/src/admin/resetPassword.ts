import os from 'node:os';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { issueOneTimePassword, oneTimeColumns } from '../auth/oneTimePassword.ts';
import { revokeUserSessions } from '../auth/sessions.ts';

/** Who the audit log names for what was done on the server's machine rather than in the console. */
export const MACHINE_ACTOR = 'machine console';

export type MachineReset =
  { ok: true; userName: string; oneTimePassword: string; expiresAt: Date } | { ok: false; reason: 'unknown' };

/**
 * An admin who lost their password gets back in from the server's machine: a new one-time password for
 * `userName` (valid `hours`, to be changed at its first login, as the console's reset gives), every
 * session of the account ended, and an audit row naming the machine. Whoever can run this can read the
 * database anyway, so it asks for nothing more.
 */
export async function resetPasswordOnMachine(db: Db, userName: string, hours: number): Promise<MachineReset> {
  const issued = await issueOneTimePassword(hours);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...oneTimeColumns(issued), updatedId: null })
      .where(eq(users.userName, userName))
      .returning({ id: users.id });
    if (!row) return undefined;
    await revokeUserSessions(tx, row.id, 'admin');
    await tx.insert(auditLog).values({
      actorId: null,
      actorName: MACHINE_ACTOR,
      action: 'user.resetPasswd',
      targetType: 'user',
      targetId: String(row.id),
      detail: { via: MACHINE_ACTOR, host: os.hostname().slice(0, 128), osUser: os.userInfo().username.slice(0, 64) },
      ip: null,
    });
    return row.id;
  });
  if (id === undefined) return { ok: false, reason: 'unknown' };
  return { ok: true, userName, oneTimePassword: issued.oneTimePassword, expiresAt: issued.expiresAt };
}
