import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import { PHOTO_INLINE_MAX_BYTES, type GatePerson } from '@siteops/contracts/device-protocol';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Storage } from '../../storage/storage.ts';
import type { FileUrls } from '../../storage/fileUrls.ts';
import { idList } from './gate.ts';
import type { OutboxRow } from './gateLease.ts';
import { PERSONNEL_VALID_FROM, PERSONNEL_VALID_TO, wantedPersonnel } from './gatePersonnel.ts';
import { wantedWorkers, workerOfPersonId } from './gateWorkers.ts';
import { inlinePhoto, PHOTO_BASE } from './photo.ts';

/** What a device should hold of a person now, and its hash (what was sent is compared by it). */
export interface Wanted {
  person: GatePerson;
  hash: string;
}

/** A valid visitor's row as read here (raw: timestamps as the driver gives them). */
interface WantedVisitor {
  id: number;
  project_id: number | null;
  real_name: string;
  avatar: string;
  visit_start: Date | string;
  visit_end: Date | string;
  sha256: string;
  size: number;
}

export interface WantedDeps {
  db: Db;
  fileUrls: FileUrls;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * For each outbox row (a visitor `V…`, a member `U…` or a worker `W…`), the person its device should hold,
 * by row id (absent: none): a visitor valid, its visit not ended, with a face photo, of the device's
 * project, on an authorised device; a member as gatePersonnel.ts says, a worker as gateWorkers.ts says. Read when sending, so the order of marks
 * never matters.
 */
export async function wantedPersons(deps: WantedDeps, rows: readonly OutboxRow[]): Promise<Map<number, Wanted>> {
  const { db, fileUrls } = deps;
  const visitorIds = [...new Set(rows.map((r) => r.visitor_id).filter((v): v is number => v !== null))];
  const deviceIds = [...new Set(rows.map((r) => r.device_id))];
  // Raw statements with one array parameter: 200 rows built as 200 bound parameters cost more in the
  // query builder than in PostgreSQL.
  const [people, devs] = await Promise.all([
    visitorIds.length
      ? db.execute(sql`
          select v.id, v.project_id, v.real_name, v.avatar, v.visit_start, v.visit_end, p.sha256, p.size
          from visitors v join visitor_photos p on p.id = v.avatar
          where v.id in ${idList(visitorIds)} and v.status = 'valid' and v.visit_end > now()`)
      : undefined,
    db.execute(sql`
      select d.id, d.project_id from devices d join visitor_devices vd on vd.device_id = d.id
      where d.id in ${idList(deviceIds)}`),
  ]);
  const projectOf = new Map(rowsOf<{ id: number; project_id: number | null }>(devs).map((d) => [d.id, d.project_id]));
  const byVisitor = new Map(rowsOf<WantedVisitor>(people ?? {}).map((p) => [p.id, p]));
  const now = Date.now();
  const persons = await wantedPersonnel(db, fileUrls, rows, projectOf, now);
  const workerOf = (r: OutboxRow) => (r.visitor_id === null ? workerOfPersonId(r.person_id) : null);
  const workers = await wantedWorkers(
    db,
    rows.map(workerOf).filter((id): id is number => id !== null),
  );
  for (const r of rows) {
    const workerId = workerOf(r);
    const w = workerId === null ? undefined : workers.get(workerId);
    if (r.excluded || !w || projectOf.get(r.device_id) !== w.project_id) continue;
    persons.set(r.id, {
      personId: r.person_id,
      name: w.real_name,
      role: 'worker',
      validFrom: PERSONNEL_VALID_FROM,
      validTo: PERSONNEL_VALID_TO,
      photo: {
        url: fileUrls.url(w.photo, now, PHOTO_BASE),
        sha256: w.sha256,
        size: w.size,
        data: w.size <= PHOTO_INLINE_MAX_BYTES ? await inlineOrNone(deps, w.photo) : undefined,
      },
    });
  }
  for (const r of rows) {
    const v = r.visitor_id === null ? undefined : byVisitor.get(r.visitor_id);
    if (r.excluded || !v || !v.avatar || projectOf.get(r.device_id) !== v.project_id) continue;
    persons.set(r.id, {
      personId: r.person_id,
      name: v.real_name,
      role: 'visitor',
      validFrom: new Date(v.visit_start).toISOString(),
      validTo: new Date(v.visit_end).toISOString(),
      photo: {
        url: fileUrls.url(v.avatar, now, PHOTO_BASE),
        sha256: v.sha256,
        size: v.size,
        data: v.size <= PHOTO_INLINE_MAX_BYTES ? await inlineOrNone(deps, v.avatar) : undefined,
      },
    });
  }
  const wanted = new Map<number, Wanted>();
  for (const [id, person] of persons) {
    // The photo by its hash: the signed URL changes every minute, the person does not.
    const sent = JSON.stringify([person.name, person.role, person.validFrom, person.validTo, person.photo.sha256]);
    let hash = hashes.get(sent);
    if (hash === undefined) {
      hash = createHash('sha256').update(sent).digest('hex');
      hashes.set(sent, hash);
    }
    wanted.set(id, { person, hash });
  }
  return wanted;
}

/** A person's hash by what is hashed: a publish sends each person to a hundred terminals. */
const hashes = new LRUCache<string, string>({ max: 50_000 });

/** The photo's bytes for the call, or none (the device downloads it) when storage cannot give them now. */
async function inlineOrNone({ storage, log }: WantedDeps, photoId: string): Promise<string | undefined> {
  try {
    return await inlinePhoto(storage, photoId);
  } catch (err) {
    log.warn({ err, photoId }, 'gate photo not inlined');
    return undefined;
  }
}
