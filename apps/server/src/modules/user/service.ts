import { and, eq, inArray, or } from 'drizzle-orm';
import { IMAGE_FIELDS, type ImageField } from '@siteops/contracts/file/schemas';
import type { AddUserBody, UpdateUserBody } from '@siteops/contracts/user/schemas';
import type { SocialInfo } from '@siteops/contracts/account/schemas';
import { SOCIAL_FIELDS, type SocialField } from '@siteops/contracts/account/social';
import type { Db } from '../../db/client.ts';
import { loadOr404 } from '../../db/crud.ts';
import { agents, files, users, type UserRow } from '../../db/schema/index.ts';
import type { Pii } from '../../crypto/pii.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { badRequest } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';

type Profile = Omit<Partial<AddUserBody>, 'password'> & Pick<UpdateUserBody, 'userName'>;
export type UserValues = Partial<typeof users.$inferInsert>;

const PLAIN_FIELDS = [
  'userName',
  'realName',
  'nickName',
  'avatar',
  'qrCode',
  'birthday',
  'sex',
  'phone',
  'email',
  'nation',
  'country',
  'area',
  'address',
  'idFrontPic',
  'idBackPic',
  'cardPic',
  'bankName',
  'politics',
  'cultureLevel',
  'certification',
  'introduction',
  'enabled',
  'role',
  'agentId',
] as const satisfies readonly (keyof Profile & keyof UserValues)[];

/** Validated form fields -> column values; idNo and cardNo encrypted, idNo also search-hashed. */
export function columnsOf(body: Profile, pii: Pii): UserValues {
  const values: Record<string, unknown> = {};
  for (const field of PLAIN_FIELDS) if (body[field] !== undefined) values[field] = body[field];
  if (body.idNo !== undefined) {
    values.idNo = pii.encrypt(body.idNo, 'users.id_no');
    values.idNoHash = pii.searchHash(body.idNo);
  }
  if (body.cardNo !== undefined) values.cardNo = pii.encrypt(body.cardNo, 'users.card_no');
  return values as UserValues;
}

/** The user `id` if the caller's scope includes it, else 404 (also for a missing id). */
export async function loadUserInScope(db: Db, caller: Caller, id: number): Promise<UserRow> {
  return loadOr404(db, { table: users, idColumn: users.id, id, scope: scope.users(caller), what: 'User' });
}

/** A user's social info (kept in its settings' social tab; shown on its detail to whoever may read it). */
export const socialOf = (row: Pick<UserRow, SocialField>): SocialInfo =>
  Object.fromEntries(SOCIAL_FIELDS.map((f) => [f, row[f] ?? null])) as SocialInfo;

export async function agentNameOf(db: Db, agentId: number | null): Promise<string | null> {
  if (agentId === null) return null;
  const [row] = await db.select({ name: agents.name }).from(agents).where(eq(agents.id, agentId));
  return row?.name ?? null;
}

/** 400 naming agentId unless the agent exists. */
export async function assertAgentExists(db: Db, agentId: number) {
  const [row] = await db.select({ id: agents.id }).from(agents).where(eq(agents.id, agentId));
  if (!row) throw badRequest(t('user.unknownAgent'), { agentId: t('user.unknownAgent.field') });
}

/**
 * Attach the uploaded images named in `body` to user `userId`. Each must be a file of the field's
 * kind that the caller just uploaded (owned by the caller) or that already belongs to the user;
 * anything else is a 400 naming the field, so nobody can take over another user's image. Answers the
 * ids of images this replaces, for deletion once the transaction commits.
 */
export async function attachImages(
  tx: Db,
  callerId: number,
  user: { id: number } & Partial<Record<ImageField, string | null>>,
  body: Partial<Record<ImageField, string | null | undefined>>,
): Promise<string[]> {
  const replaced: string[] = [];
  for (const field of Object.keys(IMAGE_FIELDS) as ImageField[]) {
    const next = body[field];
    if (next === undefined) continue;
    const previous = user[field] ?? null;
    if (next === previous) continue;
    if (next !== null) {
      const taken = await tx
        .update(files)
        .set({ ownerId: user.id })
        .where(
          and(
            eq(files.id, next),
            eq(files.kind, IMAGE_FIELDS[field]),
            or(eq(files.ownerId, callerId), eq(files.ownerId, user.id)),
          ),
        )
        .returning({ id: files.id });
      if (!taken.length) {
        throw badRequest(t('user.unknownImage', { field }), {
          [field]: t('user.unknownImage.field', { kind: IMAGE_FIELDS[field] }),
        });
      }
    }
    if (previous) replaced.push(previous);
  }
  if (replaced.length) {
    // Only images that belong to this user and no other field of it still points at.
    const stillUsed = new Set(Object.keys(IMAGE_FIELDS).map((f) => body[f as ImageField] ?? user[f as ImageField]));
    const orphans = replaced.filter((id) => !stillUsed.has(id));
    if (orphans.length) {
      await tx.delete(files).where(and(inArray(files.id, orphans), eq(files.ownerId, user.id)));
    }
    return orphans;
  }
  return [];
}

/**
 * Lock the admin rows for the rest of the transaction and answer how many enabled admins remain
 * outside `excludeIds`: the "never remove the last admin" checks cannot race each other.
 */
export async function enabledAdminsBesides(tx: Db, excludeIds: number[]): Promise<number> {
  const admins = await tx
    .select({ id: users.id, enabled: users.enabled })
    .from(users)
    .where(eq(users.role, 'admin'))
    .for('update');
  return admins.filter((a) => a.enabled !== 'disable' && !excludeIds.includes(a.id)).length;
}

/** Files belonging to these users: their bytes go once the rows are gone. */
export async function filesOwnedBy(tx: Db, userIds: number[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await tx.select({ id: files.id }).from(files).where(inArray(files.ownerId, userIds));
  return rows.map((r) => r.id);
}
