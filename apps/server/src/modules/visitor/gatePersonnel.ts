import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { GatePerson } from '@siteops/contracts/device-protocol';
import type { Db } from '../../db/client.ts';
import { files, projectMembers, users } from '../../db/schema/index.ts';
import type { FileUrls } from '../../storage/fileUrls.ts';

/** The photo formats a face terminal takes (docs/device-protocol.md 5.2); a WebP avatar is not sent. */
export const TERMINAL_PHOTO_MIMES = ['image/jpeg', 'image/png'] as const;

/**
 * Makes the missing rows of what is owed, among the members `where` selects (on `pm`, `u` or `vd`): each
 * enabled member with a usable photo, on the authorised devices of the project. An existing row (one
 * removed by hand included) is left as it is.
 */
export const insertOwedPersonnel = (db: Db, where: SQL) =>
  db.execute(sql`
    insert into gate_persons (device_id, person_id)
    select vd.device_id, 'U' || pm.user_id
    from project_members pm
    join users u on u.id = pm.user_id and u.enabled = 'enable'
    join files f on f.id::text = u.avatar
      and f.mime in (${sql.join(
        TERMINAL_PHOTO_MIMES.map((m) => sql`${m}`),
        sql`, `,
      )})
    join devices d on d.project_id = pm.project_id
    join visitor_devices vd on vd.device_id = d.id
    where ${where}
    on conflict (device_id, person_id) do nothing`);

/**
 * Personnel have no visit: their window is open-ended (docs/device-protocol.md 5.2). The protocol wants
 * two instants, so "always" is a fixed start long past and the last day a 32-bit device clock can
 * hold; fixed, so the hash of what was sent does not change and nothing is re-sent.
 */
export const PERSONNEL_VALID_FROM = '2000-01-01T00:00:00.000Z';
export const PERSONNEL_VALID_TO = '2037-12-31T23:59:59.000Z';

const USER_PERSON_ID = /^U(\d{1,9})$/;

/** The user a `U<id>` person id names, else null. */
export const userOfPersonId = (personId: string): number | null => {
  const m = USER_PERSON_ID.exec(personId);
  return m ? Number(m[1]) : null;
};

/**
 * For the outbox `U` rows being sent, the person each device should hold, by row id (absent: none): the member,
 * enabled, with a usable avatar, of the project of the device, when the device is authorised
 * (`projectOf` holds only authorised devices).
 */
export async function wantedPersonnel(
  db: Db,
  urls: FileUrls,
  rows: readonly { id: number; device_id: number; person_id: string; visitor_id: number | null; excluded: boolean }[],
  projectOf: ReadonlyMap<number, number | null>,
  now: number,
): Promise<Map<number, GatePerson>> {
  const wanted = new Map<number, GatePerson>();
  const userIds = [
    ...new Set(rows.filter((r) => r.visitor_id === null).map((r) => userOfPersonId(r.person_id))),
  ].filter((id): id is number => id !== null);
  if (!userIds.length) return wanted;
  const members = await db
    .select({
      id: users.id,
      projectId: projectMembers.projectId,
      realName: users.realName,
      userName: users.userName,
      avatar: files.id,
      sha256: files.sha256,
      size: files.size,
    })
    .from(users)
    .innerJoin(projectMembers, eq(projectMembers.userId, users.id))
    .innerJoin(files, sql`${files.id}::text = ${users.avatar}`)
    .where(
      and(inArray(users.id, userIds), eq(users.enabled, 'enable'), inArray(files.mime, [...TERMINAL_PHOTO_MIMES])),
    );
  const byMembership = new Map(members.map((m) => [`${m.id}:${m.projectId}`, m]));
  for (const r of rows) {
    const userId = r.visitor_id === null ? userOfPersonId(r.person_id) : null;
    const projectId = projectOf.get(r.device_id);
    const m = userId === null || projectId == null ? undefined : byMembership.get(`${userId}:${projectId}`);
    if (r.excluded || !m) continue;
    wanted.set(r.id, {
      personId: r.person_id,
      name: m.realName?.trim() || m.userName,
      role: 'worker',
      validFrom: PERSONNEL_VALID_FROM,
      validTo: PERSONNEL_VALID_TO,
      photo: { url: urls.url(m.avatar, now), sha256: m.sha256, size: m.size },
    });
  }
  return wanted;
}
