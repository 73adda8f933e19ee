import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_PERSON_IDS, MAX_PERSONS_PER_ADD } from '@siteops/contracts/device-protocol';
import type { DeviceCommands } from '../../ports/context.ts';
import type { Db } from '../../db/client.ts';
import { gatePersons } from '../../db/schema/index.ts';
import { RpcError } from '../../gateway/index.ts';
import type { Storage } from '../../storage/storage.ts';
import type { FileUrls } from '../../storage/fileUrls.ts';
import { expandDeviceMarks, LAZY_COMMIT } from './gate.ts';
import {
  dueRows,
  LEASE_SECONDS,
  leaseDevice,
  releaseLease,
  renewLease,
  RENEW_EVERY_MS,
  type OutboxRow,
} from './gateLease.ts';
import { wantedPersons, type Wanted, type WantedDeps } from './gateWanted.ts';

export interface GateSyncOptions {
  /** How often the outbox is looked at for devices that came back (default 5 s; tests shorter). */
  everyMs?: number;
  /** Rows of one device read and sent at a time (default 200: ten additions). */
  batch?: number;
}

/**
 * Devices sent to at once by one instance. A sender mostly waits for its terminal's answers, so
 * publishing to a hundred terminals moves at the speed of this many.
 */
const PARALLEL_DEVICES = 32;
/** Not reachable now (offline, no answer): tried again this soon, without counting as a failure. */
const UNREACHABLE_RETRY_S = 5;
const UNREACHABLE = new Set(['offline', 'timeout', 'linkClosed', 'busy']);
/** A device may download a photo while it adds (one too large to travel inline): longer than a console command. */
const ADD_TIMEOUT_MS = 60_000;
const REMOVE_TIMEOUT_MS = 15_000;
/** While devices are being expanded, an idle sender looks for new rows this often. */
const EXPANDING_POLL_MS = 200;
/** Marked devices expanded into outbox rows per transaction (a device of 10,000 visitors is 10,000 rows). */
const EXPAND_DEVICES = 4;
/** Rows of one device per batch: ten additions' worth. */
const ROWS_PER_BATCH = MAX_PERSONS_PER_ADD * 10;
/** A device leased by another dispatcher between looking and leasing: look again this many times. */
const LEASE_TRIES = 3;

/**
 * The dispatcher of the per-device person outbox: sends each device the persons it should hold and
 * removes those it should not, through the device-command port (`persons.add` / `persons.remove`,
 * docs/device-protocol.md 5.2). What a device should hold is worked out when sending (gateWanted.ts),
 * so the order of marks never matters; a person already on the device with the same name, photo and
 * window is not sent again. A sender leases one device at a time (gateLease.ts), so several instances
 * never send one device the same change.
 */
export class GateSync {
  readonly #db: Db;
  readonly #commands: DeviceCommands;
  readonly #wantedDeps: WantedDeps;
  readonly #log: FastifyBaseLogger;
  readonly #batch: number;
  /** Whose leases these are: this dispatcher's (a lease outlives a crashed one only until it lapses). */
  readonly #token = randomUUID();
  #timer?: NodeJS.Timeout;
  #stopped = false;
  /** The expansion loop while it runs; `#expandAgain`: a kick came since it last looked. */
  #expanding?: Promise<void>;
  #expandAgain = false;
  /** Senders running, and whether a kick came since a sender last began to look for a device. */
  readonly #senders = new Set<Promise<void>>();
  #lookAgain = false;

  constructor(
    ctx: { db: Db; deviceCommands: DeviceCommands; fileUrls: FileUrls; storage: Storage },
    log: FastifyBaseLogger,
    readonly opts: GateSyncOptions = {},
  ) {
    this.#db = ctx.db;
    this.#commands = ctx.deviceCommands;
    this.#wantedDeps = { db: ctx.db, fileUrls: ctx.fileUrls, storage: ctx.storage, log };
    this.#log = log;
    this.#batch = opts.batch ?? ROWS_PER_BATCH;
  }

  start() {
    this.#timer = setInterval(() => this.kick(), this.opts.everyMs ?? 5_000);
    this.#timer.unref();
  }

  async stop() {
    this.#stopped = true;
    clearInterval(this.#timer);
    await Promise.all([this.#expanding, ...this.#senders]);
  }

  /**
   * Send what is pending now (after a change commits). Marked devices are expanded in their own loop
   * (a device of 10,000 persons takes a while), and senders each lease one device, send all it is due
   * and go on to the next, so neither a long expansion nor a slow terminal holds up the rest. One sender
   * looks first; the others join once it found work, so an idle tick is one look, not one per sender.
   */
  kick() {
    if (this.#stopped) return;
    this.#expandAgain = true;
    this.#lookAgain = true;
    this.#expanding ??= this.#expandLoop().finally(() => {
      this.#expanding = undefined;
      if (this.#expandAgain) this.kick();
    });
    if (!this.#senders.size) this.#startSender();
  }

  async #expandLoop() {
    try {
      while (this.#expandAgain && !this.#stopped) {
        this.#expandAgain = false;
        while (!this.#stopped && (await expandDeviceMarks(this.#db, EXPAND_DEVICES)) > 0) {
          if (!this.#senders.size) this.#startSender();
        }
      }
    } catch (err) {
      this.#log.warn({ err }, 'gate device expansion failed');
    }
  }

  #startSender() {
    const sender = this.#senderLoop().finally(() => this.#senders.delete(sender));
    this.#senders.add(sender);
  }

  /** Sends device after device; stops when a look finds nothing, no kick came meanwhile and no expansion runs. */
  async #senderLoop() {
    try {
      while (!this.#stopped) {
        this.#lookAgain = false;
        if ((await this.#sendOneDevice()) > 0) {
          while (this.#senders.size < PARALLEL_DEVICES) this.#startSender();
          continue;
        }
        if (this.#lookAgain) continue;
        if (!this.#expanding) return;
        await new Promise((r) => setTimeout(r, EXPANDING_POLL_MS));
      }
    } catch (err) {
      this.#log.warn({ err }, 'gate person sync failed');
    }
  }

  /** One round: expand marked devices, then lease and send one device per sender. Answers the devices expanded and rows read. */
  async runOnce(): Promise<number> {
    const expanded = await expandDeviceMarks(this.#db, EXPAND_DEVICES);
    const sent = await Promise.all(Array.from({ length: PARALLEL_DEVICES }, () => this.#sendOneDevice()));
    return expanded + sent.reduce((a, b) => a + b, 0);
  }

  /** Leases one at a time, so this dispatcher's senders do not race each other for a device. */
  #leasing: Promise<unknown> = Promise.resolve();

  async #lease(): Promise<number | null> {
    for (let i = 0; i < LEASE_TRIES; i++) {
      const leased = this.#leasing.then(() => leaseDevice(this.#db, this.#token));
      this.#leasing = leased.catch(() => undefined);
      const deviceId = await leased;
      if (deviceId !== 'contended') return deviceId;
    }
    return null;
  }

  /**
   * Leases a device with due rows and sends them a batch at a time in id order, until none is left or
   * the device is out of reach; answers the rows read (0: no device was due). A row marked again while
   * it was being sent stays due and is read by the next lease.
   */
  async #sendOneDevice(): Promise<number> {
    const deviceId = await this.#lease();
    if (deviceId === null) return 0;
    let read = 0;
    const hold = new LeaseHold(this.#db, deviceId, this.#token, this.#log);
    try {
      for (let after = 0; !this.#stopped && hold.held();) {
        const rows = await dueRows(this.#db, deviceId, after, this.#batch);
        read += rows.length;
        if (!rows.length) break;
        const reached = await this.#syncDevice(deviceId, rows, await wantedPersons(this.#wantedDeps, rows));
        if (!reached || rows.length < this.#batch) break;
        after = rows[rows.length - 1].id;
      }
    } finally {
      await hold.end();
      await releaseLease(this.#db, deviceId, this.#token);
    }
    return read;
  }

  /** Sends one batch; answers false when the device was out of reach (its remaining rows wait for it). */
  async #syncDevice(deviceId: number, rows: OutboxRow[], wanted: Map<number, Wanted>): Promise<boolean> {
    const unchanged = rows.filter((r) => r.on_device && r.sent_hash === wanted.get(r.id)?.hash);
    const unchangedIds = new Set(unchanged.map((r) => r.id));
    const adds = rows.filter((r) => wanted.has(r.id) && !unchangedIds.has(r.id));
    const removes = rows.filter((r) => !wanted.has(r.id));
    if (unchanged.length) await this.#settle(unchanged);
    const chunks = [
      ...chunked(removes, MAX_PERSON_IDS).map((chunk) => ({ kind: 'remove' as const, chunk })),
      ...chunked(adds, MAX_PERSONS_PER_ADD).map((chunk) => ({ kind: 'add' as const, chunk })),
    ];
    // Confirmed additions are recorded once for the whole batch (one statement, not one per call); a
    // crash before that only sends them again, and `persons.add` is idempotent.
    const confirmed: { id: number; hash: string; gen: number }[] = [];
    let reached = true;
    for (const [i, { kind, chunk }] of chunks.entries()) {
      try {
        if (kind === 'remove') await this.#remove(deviceId, chunk);
        else confirmed.push(...(await this.#add(deviceId, chunk, wanted)));
      } catch (err) {
        // Out of reach: the batch's remaining calls would only wait for the same answer.
        const rest = UNREACHABLE.has(rpcCode(err)) ? chunks.slice(i).flatMap((c) => c.chunk) : chunk;
        await this.#failed(rest, err);
        if (rest !== chunk) {
          reached = false;
          break;
        }
      }
    }
    await this.#added(confirmed);
    return reached;
  }

  async #remove(deviceId: number, rows: OutboxRow[]) {
    const personIds = rows.map((r) => r.person_id);
    await this.#commands.send(deviceId, 'persons.remove', { personIds }, { timeoutMs: REMOVE_TIMEOUT_MS });
    await this.#removed(rows);
    await this.#keptOff(rows.filter((r) => r.excluded));
  }

  /** Answers the rows the device confirmed; those it refused are recorded as failed here. */
  async #add(deviceId: number, rows: OutboxRow[], wanted: Map<number, Wanted>) {
    const persons = rows.map((r) => wanted.get(r.id)!.person);
    const { result } = await this.#commands.send(deviceId, 'persons.add', { persons }, { timeoutMs: ADD_TIMEOUT_MS });
    const ok = new Set(result.added);
    const failedBy = new Map(result.failed.map((f) => [f.personId, f]));
    for (const r of rows.filter((r) => !ok.has(r.person_id))) {
      const f = failedBy.get(r.person_id);
      await this.#failed([r], new RpcError('failed', f ? `${f.code}: ${f.message}` : 'not added'));
    }
    return rows.filter((r) => ok.has(r.person_id)).map((r) => ({ id: r.id, hash: wanted.get(r.id)!.hash, gen: r.gen }));
  }

  /** Nothing to send: done, unless marked again since it was read. */
  async #settle(rows: OutboxRow[]) {
    await this.#db.execute(sql`
      update gate_persons g set pending = (g.gen <> v.gen), attempts = 0, last_error = null
      from ${readGens(rows)} where g.id = v.id`);
  }

  async #added(rows: { id: number; hash: string; gen: number }[]) {
    if (!rows.length) return;
    // One statement, its own transaction: the lazy commit (see LAZY_COMMIT) set from inside it.
    await this.#db.execute(sql`
      with lazy as (${LAZY_COMMIT})
      update gate_persons g set on_device = true, sent_hash = v.hash, synced_at = now(), attempts = 0,
        last_error = null, next_attempt_at = null, pending = (g.gen <> v.gen)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id int, hash text, gen int), lazy
      where g.id = v.id`);
  }

  /**
   * Removed from the device: the row goes, unless marked again since it was read (then it is sent once
   * more) or removed by hand (kept, see #keptOff).
   */
  async #removed(rows: OutboxRow[]) {
    await this.#db.transaction(async (tx) => {
      await tx.execute(sql`
        delete from gate_persons g using ${readGens(rows)}
        where g.id = v.id and g.gen = v.gen and not g.excluded`);
      await tx
        .update(gatePersons)
        .set({ onDevice: false, sentHash: null, syncedAt: sql`now()`, lastError: null })
        .where(
          inArray(
            gatePersons.id,
            rows.map((r) => r.id),
          ),
        );
    });
  }

  /** Removed by hand and now off the device: settled, the row kept so later marks do not send it back. */
  async #keptOff(rows: OutboxRow[]) {
    if (!rows.length) return;
    await this.#db.execute(sql`
      update gate_persons g set pending = (g.gen <> v.gen) or not g.excluded
      from ${readGens(rows)} where g.id = v.id`);
  }

  /** Kept pending, tried again later: soon when the device was out of reach, with backoff when it failed. */
  async #failed(rows: OutboxRow[], err: unknown) {
    if (!(err instanceof RpcError)) this.#log.warn({ err }, 'gate person send failed');
    const code = rpcCode(err);
    const unreachable = UNREACHABLE.has(code);
    const message = `${code}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 1000);
    await this.#db
      .update(gatePersons)
      .set({
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

/**
 * A lease while its sender works: renewed every RENEW_EVERY_MS on a timer, not between batches, so a
 * batch that waits long on its terminal keeps it. Lost when a renewal finds another holder, or when no
 * renewal got through for a whole lease (the database was out of reach: another may hold it by now);
 * the sender then stops after the batch under way (its writes check each row's mark, and
 * `persons.add` is idempotent).
 */
class LeaseHold {
  #renewedAt = Date.now();
  #lost = false;
  #renewing?: Promise<void>;
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly deviceId: number,
    private readonly token: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#timer = setInterval(() => {
      this.#renewing ??= this.#renew().finally(() => (this.#renewing = undefined));
    }, RENEW_EVERY_MS);
    this.#timer.unref();
  }

  held() {
    if (Date.now() - this.#renewedAt >= LEASE_SECONDS * 1000) this.#lost = true;
    return !this.#lost;
  }

  async #renew() {
    const started = Date.now();
    try {
      if (await renewLease(this.db, this.deviceId, this.token)) this.#renewedAt = started;
      else this.#lost = true;
    } catch (err) {
      this.log.warn({ err, deviceId: this.deviceId }, 'gate device lease not renewed');
    }
  }

  async end() {
    clearInterval(this.#timer);
    await this.#renewing;
  }
}

const rpcCode = (err: unknown) => (err instanceof RpcError ? err.code : 'failed');

function chunked<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** The rows' ids and marks as read, as a relation `v(id, gen)`: a write keeps a row due when it was marked since. */
const readGens = (rows: readonly OutboxRow[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, gen: r.gen })))}::jsonb) as v(id int, gen int)`;
