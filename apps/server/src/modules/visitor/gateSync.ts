import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  MAX_PERSON_IDS,
  MAX_PERSONS_PER_ADD,
  PHOTO_INLINE_MAX_BYTES,
  type GatePerson,
} from '@siteops/contracts/device-protocol';
import type { DeviceCommands } from '../../app/context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { devices, gatePersons, visitorDevices, visitorPhotos, visitors } from '../../db/schema/index.ts';
import { RpcError } from '../../gateway/index.ts';
import type { FileUrls } from '../file/urls.ts';
import { expandDeviceMarks, LAZY_COMMIT } from './gate.ts';
import { wantedPersonnel } from './gatePersonnel.ts';
import type { Storage } from '../../storage/storage.ts';
import { inlinePhoto, PHOTO_BASE } from './photo.ts';

export interface GateSyncOptions {
  /** How often the outbox is looked at for devices that came back (default 5 s; tests shorter). */
  everyMs?: number;
  /** Rows of one device claimed at a time (default 200: ten additions). */
  batch?: number;
}

/** A claim lasts this long (a claim sends at most a few additions of 60 s to a device): a crashed instance's rows are taken up by another after it. */
const CLAIM_SECONDS = 900;
/**
 * Devices sent to at once by one instance. A terminal spends an addition downloading photos, so the
 * sender mostly waits: publishing to a hundred terminals moves at the speed of this many.
 */
const PARALLEL_DEVICES = 32;
/** Not reachable now (offline, no answer): tried again this soon, without counting as a failure. */
const UNREACHABLE_RETRY_S = 5;
const UNREACHABLE = new Set(['offline', 'timeout', 'linkClosed', 'busy']);
/** A device downloads each photo while it adds: `persons.add` gets longer than a console command. */
const ADD_TIMEOUT_MS = 60_000;
const REMOVE_TIMEOUT_MS = 15_000;
/** While devices are being expanded, an idle sender looks for new rows this often. */
const EXPANDING_POLL_MS = 200;

interface Claimed {
  id: number;
  device_id: number;
  person_id: string;
  visitor_id: number | null;
  on_device: boolean;
  sent_hash: string | null;
  excluded: boolean;
}

/** What a device should hold of a person now, or null: it should not hold it. */
interface Wanted {
  person: GatePerson;
  hash: string;
}

/** Marked devices expanded into outbox rows per transaction (a device of 10,000 visitors is 10,000 rows). */
const EXPAND_DEVICES = 4;

/** Rows of one device per claim: ten additions' worth (a claim's bookkeeping is a dozen statements). */
const ROWS_PER_DEVICE = MAX_PERSONS_PER_ADD * 10;

/**
 * Claim pending rows of one online device that this instance is not sending to already (`busy`),
 * skipping rows another instance holds (FOR UPDATE SKIP LOCKED, then a lease in `claimed_until`), so
 * two instances never send the same change.
 */
async function claim(db: Db, limit: number, busy: readonly number[]): Promise<Claimed[]> {
  // In id order from the index, stopping at `limit`: the planner's row counts lag behind a publish (its
  // statistics see a few rows a device where expansion just wrote 10,000), so it would fetch and sort
  // every pending row of the device for each claim of 100.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('synchronous_commit', 'off', true),
      set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`);
    return rowsOf<Claimed>(await tx.execute(claimStatement(limit, busy)));
  });
}

function claimStatement(limit: number, busy: readonly number[]) {
  const due = (g: string) =>
    sql.raw(`${g}.pending
        and (${g}.claimed_until is null or ${g}.claimed_until < now())
        and (${g}.next_attempt_at is null or ${g}.next_attempt_at <= now())`);
  return sql`
    with ready as (
      select d.id from devices d
      where d.online_status = 'online'
        and d.id not in (select value::int from jsonb_array_elements_text(${JSON.stringify(busy)}::jsonb))
        and exists (select 1 from gate_persons p where p.device_id = d.id and ${due('p')})
      order by d.id
      limit 1
    ), c as (
      -- The device as a scalar: the partial index (device_id, id) then yields its due rows in order,
      -- where a join let the planner walk every row of the table by id.
      select g.id from gate_persons g
      where g.device_id = (select id from ready) and ${due('g')}
      order by g.id
      limit ${limit}
      for update of g skip locked
    )
    update gate_persons g set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}::float8), claim_gen = g.gen
    from c where g.id = c.id
    returning g.id, g.device_id, g.person_id, g.visitor_id, g.on_device, g.sent_hash, g.excluded`;
}

/**
 * The dispatcher of the per-device person outbox: sends each claimed device the persons it should hold
 * and removes those it should not, through the device-command port (`persons.add` / `persons.remove`,
 * docs/device-protocol.md 5.2). What a device should hold is read when sending, from the visitor (valid,
 * visit not ended, with a face photo) or the project member (enabled, with a usable avatar;
 * gatePersonnel.ts) and the authorisation (the device is on the visitor list and in the person's
 * project), so the order of marks never matters. A person already on the device with the same
 * name, photo and window is not sent again.
 */
export class GateSync {
  readonly #db: Db;
  readonly #commands: DeviceCommands;
  readonly #urls: FileUrls;
  readonly #storage: Storage;
  readonly #log: FastifyBaseLogger;
  readonly #batch: number;
  #timer?: NodeJS.Timeout;
  #running?: Promise<void>;
  #again = false;
  #stopped = false;

  constructor(
    ctx: { db: Db; deviceCommands: DeviceCommands; fileUrls: FileUrls; storage: Storage },
    log: FastifyBaseLogger,
    readonly opts: GateSyncOptions = {},
  ) {
    this.#db = ctx.db;
    this.#commands = ctx.deviceCommands;
    this.#urls = ctx.fileUrls;
    this.#storage = ctx.storage;
    this.#log = log;
    this.#batch = opts.batch ?? ROWS_PER_DEVICE;
  }

  start() {
    this.#timer = setInterval(() => this.kick(), this.opts.everyMs ?? 5_000);
    this.#timer.unref();
  }

  async stop() {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }

  /** Send what is pending now (after a change commits); a round under way runs once more. */
  kick() {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      if (this.#again) {
        this.#again = false;
        this.kick();
      }
    });
  }

  /**
   * Until nothing is due: marked devices are expanded in their own loop (a device of 10,000 persons
   * takes a while), while up to PARALLEL_DEVICES senders each take one device's rows, send them and
   * take the next, so a slow terminal holds up only its own sender.
   */
  async #drain() {
    let expanding = true;
    const expand = async () => {
      try {
        while (!this.#stopped && (await expandDeviceMarks(this.#db, EXPAND_DEVICES)) > 0);
      } catch (err) {
        this.#log.warn({ err }, 'gate device expansion failed');
      } finally {
        expanding = false;
      }
    };
    const sender = async () => {
      try {
        while (!this.#stopped) {
          if ((await this.#sendOneDevice()) > 0) continue;
          if (!expanding) return;
          await new Promise((r) => setTimeout(r, EXPANDING_POLL_MS));
        }
      } catch (err) {
        this.#log.warn({ err }, 'gate person sync failed');
      }
    };
    await Promise.all([expand(), ...Array.from({ length: PARALLEL_DEVICES }, sender)]);
  }

  /** One round: expand marked devices, then claim and send one device's rows per sender. Answers the devices expanded and rows claimed. */
  async runOnce(): Promise<number> {
    const expanded = await expandDeviceMarks(this.#db, EXPAND_DEVICES);
    const sent = await Promise.all(Array.from({ length: PARALLEL_DEVICES }, () => this.#sendOneDevice()));
    return expanded + sent.reduce((a, b) => a + b, 0);
  }

  /** Devices this instance is sending to now: a sender takes another. */
  readonly #busy = new Set<number>();
  /** Claims one at a time, so two senders of this instance never take the same device. */
  #claiming: Promise<unknown> = Promise.resolve();

  /** Claims the due rows of one device and sends them; answers the rows claimed (0: nothing due). */
  async #sendOneDevice(): Promise<number> {
    const claimed = this.#claiming.then(() => claim(this.#db, this.#batch, [...this.#busy]));
    this.#claiming = claimed.then(
      (rows) => rows[0] && this.#busy.add(rows[0].device_id),
      () => undefined,
    );
    const rows = await claimed;
    if (!rows.length) return 0;
    const deviceId = rows[0].device_id;
    this.#busy.add(deviceId);
    try {
      await this.#syncDevice(deviceId, rows, await this.#wanted(rows));
    } finally {
      this.#busy.delete(deviceId);
    }
    return rows.length;
  }

  /** For each claimed row (a visitor `V…` or a member `U…`), the person its device should hold, by row id (absent: none). */
  async #wanted(rows: Claimed[]): Promise<Map<number, Wanted>> {
    const db = this.#db;
    const visitorIds = [...new Set(rows.map((r) => r.visitor_id).filter((v): v is number => v !== null))];
    const deviceIds = [...new Set(rows.map((r) => r.device_id))];
    const [people, devs] = await Promise.all([
      visitorIds.length
        ? db
            .select({
              id: visitors.id,
              projectId: visitors.projectId,
              realName: visitors.realName,
              avatar: visitors.avatar,
              visitStart: visitors.visitStart,
              visitEnd: visitors.visitEnd,
              sha256: visitorPhotos.sha256,
              size: visitorPhotos.size,
            })
            .from(visitors)
            .innerJoin(visitorPhotos, eq(visitorPhotos.id, visitors.avatar))
            .where(
              and(inArray(visitors.id, visitorIds), eq(visitors.status, 'valid'), sql`${visitors.visitEnd} > now()`),
            )
        : [],
      db
        .select({ id: devices.id, projectId: devices.projectId })
        .from(devices)
        .innerJoin(visitorDevices, eq(visitorDevices.deviceId, devices.id))
        .where(inArray(devices.id, deviceIds)),
    ]);
    const projectOf = new Map(devs.map((d) => [d.id, d.projectId]));
    const byVisitor = new Map(people.map((p) => [p.id, p]));
    const now = Date.now();
    const persons = await wantedPersonnel(db, this.#urls, rows, projectOf, now);
    for (const r of rows) {
      const v = r.visitor_id === null ? undefined : byVisitor.get(r.visitor_id);
      if (r.excluded || !v || !v.avatar || projectOf.get(r.device_id) !== v.projectId) continue;
      persons.set(r.id, {
        personId: r.person_id,
        name: v.realName,
        role: 'visitor',
        validFrom: v.visitStart.toISOString(),
        validTo: v.visitEnd.toISOString(),
        photo: {
          url: this.#urls.url(v.avatar, now, PHOTO_BASE),
          sha256: v.sha256,
          size: v.size,
          data: v.size <= PHOTO_INLINE_MAX_BYTES ? await this.#inline(v.avatar) : undefined,
        },
      });
    }
    const wanted = new Map<number, Wanted>();
    for (const [id, person] of persons) {
      // The photo by its hash: the signed URL changes every minute, the person does not.
      const hash = createHash('sha256')
        .update(JSON.stringify([person.name, person.role, person.validFrom, person.validTo, person.photo.sha256]))
        .digest('hex');
      wanted.set(id, { person, hash });
    }
    return wanted;
  }

  /** The photo's bytes for the call, or none (the device downloads it) when storage cannot give them now. */
  async #inline(photoId: string): Promise<string | undefined> {
    try {
      return await inlinePhoto(this.#storage, photoId);
    } catch (err) {
      this.#log.warn({ err, photoId }, 'gate photo not inlined');
      return undefined;
    }
  }

  async #syncDevice(deviceId: number, rows: Claimed[], wanted: Map<number, Wanted>) {
    const unchanged = rows.filter((r) => r.on_device && r.sent_hash === wanted.get(r.id)?.hash);
    const adds = rows.filter((r) => wanted.has(r.id) && !unchanged.includes(r));
    const removes = rows.filter((r) => !wanted.has(r.id));
    if (unchanged.length) await this.#settle(unchanged.map((r) => r.id));
    for (let i = 0; i < removes.length; i += MAX_PERSON_IDS) {
      const chunk = removes.slice(i, i + MAX_PERSON_IDS);
      try {
        await this.#commands.send(
          deviceId,
          'persons.remove',
          { personIds: chunk.map((r) => r.person_id) },
          { timeoutMs: REMOVE_TIMEOUT_MS },
        );
        await this.#removed(chunk.map((r) => r.id));
        await this.#keptOff(chunk.filter((r) => r.excluded).map((r) => r.id));
      } catch (err) {
        await this.#failed(chunk, err);
      }
    }
    // Confirmed additions are recorded once for the whole claim (one statement, not one per call); a
    // crash before that only sends them again, and `persons.add` is idempotent.
    const confirmed: { id: number; hash: string }[] = [];
    for (let i = 0; i < adds.length; i += MAX_PERSONS_PER_ADD) {
      const chunk = adds.slice(i, i + MAX_PERSONS_PER_ADD);
      try {
        const { result } = await this.#commands.send(
          deviceId,
          'persons.add',
          { persons: chunk.map((r) => wanted.get(r.id)!.person) },
          { timeoutMs: ADD_TIMEOUT_MS },
        );
        const ok = new Set(result.added);
        const failedBy = new Map(result.failed.map((f) => [f.personId, f]));
        for (const r of chunk) if (ok.has(r.person_id)) confirmed.push({ id: r.id, hash: wanted.get(r.id)!.hash });
        const failed = chunk.filter((r) => !ok.has(r.person_id));
        for (const r of failed) {
          const f = failedBy.get(r.person_id);
          await this.#failed([r], new RpcError('failed', f ? `${f.code}: ${f.message}` : 'not added'));
        }
      } catch (err) {
        await this.#failed(chunk, err);
      }
    }
    await this.#added(confirmed);
  }

  /** Nothing to send: done, unless marked again meanwhile. */
  #settle(ids: number[]) {
    return this.#db
      .update(gatePersons)
      .set({
        pending: sql`${gatePersons.gen} <> ${gatePersons.claimGen}`,
        claimedUntil: null,
        attempts: 0,
        lastError: null,
      })
      .where(inArray(gatePersons.id, ids));
  }

  async #added(rows: { id: number; hash: string }[]) {
    if (!rows.length) return;
    await this.#db.transaction(async (tx) => {
      await tx.execute(LAZY_COMMIT);
      await tx.execute(sql`
        update gate_persons g set on_device = true, sent_hash = v.hash, synced_at = now(), attempts = 0,
          last_error = null, next_attempt_at = null, claimed_until = null, pending = (g.gen <> g.claim_gen)
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id int, hash text)
        where g.id = v.id`);
    });
  }

  /**
   * Removed from the device: the row goes, unless marked again meanwhile (then it is sent once more) or
   * removed by hand (kept, see #keptOff).
   */
  async #removed(ids: number[]) {
    await this.#db.transaction(async (tx) => {
      await tx
        .delete(gatePersons)
        .where(
          and(
            inArray(gatePersons.id, ids),
            sql`${gatePersons.gen} = ${gatePersons.claimGen}`,
            sql`not ${gatePersons.excluded}`,
          ),
        );
      await tx
        .update(gatePersons)
        .set({ onDevice: false, sentHash: null, syncedAt: sql`now()`, claimedUntil: null, lastError: null })
        .where(inArray(gatePersons.id, ids));
    });
  }

  /** Removed by hand and now off the device: settled, the row kept so later marks do not send it back. */
  async #keptOff(ids: number[]) {
    if (!ids.length) return;
    await this.#db.execute(sql`
      update gate_persons set pending = (gen <> claim_gen) or not excluded
      where id in (select value::int from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  }

  /** Kept pending, tried again later: soon when the device was out of reach, with backoff when it failed. */
  async #failed(rows: Claimed[], err: unknown) {
    if (!(err instanceof RpcError)) this.#log.warn({ err }, 'gate person send failed');
    const code = err instanceof RpcError ? err.code : 'failed';
    const unreachable = UNREACHABLE.has(code);
    const message = `${code}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 1000);
    await this.#db
      .update(gatePersons)
      .set({
        claimedUntil: null,
        lastError: message,
        attempts: unreachable ? gatePersons.attempts : sql`${gatePersons.attempts} + 1`,
        nextAttemptAt: unreachable
          ? sql`now() + make_interval(secs => ${UNREACHABLE_RETRY_S}::float8)`
          : sql`now() + make_interval(secs => least(600, 5 * power(2, ${gatePersons.attempts}))::float8)`,
      })
      .where(
        inArray(
          gatePersons.id,
          rows.map((r) => r.id),
        ),
      );
  }
}
