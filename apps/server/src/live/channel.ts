import { and, eq, inArray } from 'drizzle-orm';
import type {
  LiveAlarmChange,
  LiveDeviceItem,
  LivePublication,
  LiveServerMessage,
} from '@siteops/contracts/live/schemas';
import {
  ALARMS_TOPIC,
  FLEET_TOPIC,
  LIVE_BATCH_MS,
  LIVE_FLEET_MS,
  LIVE_MAX_TOPICS,
  deviceIdOfTopic,
  isLiveTopic,
  jobOwnerOfTopic,
  isRolloutTopic,
} from '@siteops/contracts/live/schemas';
import type { Db } from '../db/client.ts';
import { devices } from '../db/schema/index.ts';
import { scope, type Caller } from '../auth/scope.ts';
import { CampaignTopics } from './campaignTopics.ts';
import { mayWatch, type Owner } from './scope.ts';
import type { GatewayEvents } from '../gateway/index.ts';

/** One browser tab's channel, as the hub sees it (the socket side lives in liveSocket.ts). */
export interface LiveConn {
  userId: number;
  /** The session the tab signed in with: its tabs together hold at most `sessionMaxTopics`. */
  sessionId: number;
  caller: Caller;
  /** A manager's projects (refreshed with the session check). */
  managed: ReadonlySet<number>;
  readonly topics: Set<string>;
  /** Sends one frame; the socket side drops a tab that reads too slowly. */
  send(message: LiveServerMessage): void;
}

interface Pending {
  items: LiveDeviceItem[];
  /** Index in `items` of each device's telemetry in this batch, to merge the next readings into it. */
  telemetryAt: Map<number, number>;
  timer: NodeJS.Timeout;
}

/** What a tab's next `fleet` frame will count. */
interface FleetPending {
  presence: number;
  events: number;
  timer: NodeJS.Timeout;
}

export interface LiveChannelOptions {
  batchMs?: number;
  /** At most one `fleet` frame per tab this often. */
  fleetMs?: number;
  /**
   * How long a device's owner, or a tab's right to a campaign, is trusted before it is read again (a
   * divided device is seen within it).
   */
  ownerTtlMs?: number;
  /** Most topics the tabs of one session hold together (LIVE_SESSION_MAX_TOPICS). */
  sessionMaxTopics?: number;
}

/** Unless configured: two tabs full, or a dozen ordinary pages. */
export const LIVE_SESSION_MAX_TOPICS = 1_000;

/**
 * The topics of every open tab on this instance. Device events come from the gateway (every instance
 * sees every device's events), publications from the bus (LivePublisher); each reaches only the tabs
 * subscribed to its topic and, at that moment, allowed to see it. Device items are batched per tab.
 */
export class LiveChannel {
  readonly conns = new Set<LiveConn>();
  readonly #byDevice = new Map<number, Set<LiveConn>>();
  readonly #byTopic = new Map<string, Set<LiveConn>>();
  readonly #owners = new Map<number, Owner>();
  readonly #lookups = new Map<number, Promise<void>>();
  readonly #pending = new Map<LiveConn, Pending>();
  readonly #fleetPending = new Map<LiveConn, FleetPending>();
  readonly #campaigns: CampaignTopics;
  readonly #batchMs: number;
  readonly #fleetMs: number;
  readonly #ownerTtlMs: number;
  readonly #sessionMaxTopics: number;
  /** Topics held per session, over all its tabs on this instance. */
  readonly #sessionTopics = new Map<number, number>();

  constructor(
    private readonly db: Db,
    events: GatewayEvents,
    opts: LiveChannelOptions = {},
  ) {
    this.#batchMs = opts.batchMs ?? LIVE_BATCH_MS;
    this.#fleetMs = opts.fleetMs ?? LIVE_FLEET_MS;
    this.#ownerTtlMs = opts.ownerTtlMs ?? 15_000;
    this.#sessionMaxTopics = opts.sessionMaxTopics ?? LIVE_SESSION_MAX_TOPICS;
    this.#campaigns = new CampaignTopics(db, this.#ownerTtlMs);
    events.on('device', (item) => {
      // An event counts into `fleet` once stored (below), so the figures read again include it.
      if (item.kind === 'presence') this.fleet(item.data.deviceId, 'presence');
      this.device(item.data.deviceId, item);
    });
    // The Workplace and the pass records refetch on a fleet frame: counted once the events are stored.
    events.on('eventsStored', (e) => {
      for (const deviceId of e.deviceIds) this.fleet(deviceId, 'events');
    });
  }

  add(conn: LiveConn) {
    this.conns.add(conn);
  }

  remove(conn: LiveConn) {
    if (!this.conns.delete(conn)) return;
    this.#drop(conn, [...conn.topics]);
    const p = this.#pending.get(conn);
    if (p) clearTimeout(p.timer);
    this.#pending.delete(conn);
    clearTimeout(this.#fleetPending.get(conn)?.timer);
    this.#fleetPending.delete(conn);
  }

  /**
   * Add topics to a tab. Device topics are checked against the caller's device scope in one query;
   * the refused ones are answered without a reason, so an id outside the scope and an id that does
   * not exist look the same. Notifications are always accepted (a tab's are its user's); a job's topic
   * names its owner (`job:<userId>:<uuid>`) and is refused to anyone else. Rollout topics are for admins only;
   * campaign topics for the campaigns in the caller's scope (one query, refused the same way).
   */
  async subscribe(conn: LiveConn, topics: readonly string[]): Promise<{ topics: string[]; refused: string[] }> {
    const wanted = [...new Set(topics)].filter((t) => !conn.topics.has(t));
    // Rollouts are admins' business only.
    const refused = new Set(
      wanted.filter(
        (t) =>
          !isLiveTopic(t) ||
          (isRolloutTopic(t) && conn.caller.role !== 'admin') ||
          (t.startsWith('job:') && jobOwnerOfTopic(t) !== conn.userId),
      ),
    );
    const ids = wanted.map(deviceIdOfTopic).filter((id): id is number => id !== undefined);
    if (ids.length) {
      const rows = await this.db
        .select({ id: devices.id, agentId: devices.agentId, projectId: devices.projectId })
        .from(devices)
        .where(and(inArray(devices.id, ids), scope.devices(conn.caller)));
      const now = Date.now();
      for (const r of rows) this.#owners.set(r.id, { agentId: r.agentId, projectId: r.projectId, at: now });
      const allowed = new Set(rows.map((r) => r.id));
      for (const id of ids) if (!allowed.has(id)) refused.add(`device:${id}`);
    }
    for (const t of await this.#campaigns.outOfScope(conn.caller, wanted)) refused.add(t);
    const accepted: string[] = [];
    for (const t of wanted) {
      if (refused.has(t)) continue;
      const held = this.#sessionTopics.get(conn.sessionId) ?? 0;
      if (conn.topics.size >= LIVE_MAX_TOPICS || held >= this.#sessionMaxTopics) {
        refused.add(t);
        continue;
      }
      // The tab may have closed while the query ran.
      if (!this.conns.has(conn)) break;
      conn.topics.add(t);
      this.#sessionTopics.set(conn.sessionId, held + 1);
      accepted.push(t);
      this.#campaigns.granted(conn, t);
      const id = deviceIdOfTopic(t);
      const index = id !== undefined ? this.#byDevice : this.#byTopic;
      const key = id ?? t;
      let set = (index as Map<number | string, Set<LiveConn>>).get(key);
      if (!set) (index as Map<number | string, Set<LiveConn>>).set(key, (set = new Set()));
      set.add(conn);
    }
    return { topics: accepted, refused: [...refused] };
  }

  unsubscribe(conn: LiveConn, topics: readonly string[]): string[] {
    const held = [...new Set(topics)].filter((t) => conn.topics.has(t));
    this.#drop(conn, held);
    return held;
  }

  #drop(conn: LiveConn, topics: readonly string[]) {
    for (const t of topics) {
      if (!conn.topics.delete(t)) continue;
      const held = (this.#sessionTopics.get(conn.sessionId) ?? 1) - 1;
      if (held > 0) this.#sessionTopics.set(conn.sessionId, held);
      else this.#sessionTopics.delete(conn.sessionId);
      const id = deviceIdOfTopic(t);
      if (id !== undefined) {
        const set = this.#byDevice.get(id);
        set?.delete(conn);
        if (set?.size === 0) this.#byDevice.delete(id);
      } else {
        const set = this.#byTopic.get(t);
        set?.delete(conn);
        if (set?.size === 0) this.#byTopic.delete(t);
      }
    }
  }

  /** A module's publication (from the bus: every instance gets each one once). */
  publication(p: LivePublication) {
    const subscribers = this.#byTopic.get(p.topic);
    if (!subscribers) return;
    if (p.type === 'alarm') return this.#alarm(subscribers, p.data);
    for (const conn of subscribers) {
      if (p.type === 'rollout') {
        if (conn.caller.role === 'admin') conn.send({ type: 'rollout', topic: p.topic, data: p.data });
        continue;
      }
      if (p.type === 'campaign') {
        this.#campaigns.deliver(conn, p.topic, p.data.id, () =>
          conn.send({ type: 'campaign', topic: p.topic, data: p.data }),
        );
        continue;
      }
      if (conn.userId !== p.userId) continue;
      if (p.type === 'job') conn.send({ type: 'job', topic: p.topic, data: p.data });
      else conn.send({ type: 'notification', topic: 'notifications', data: p.data });
    }
  }

  /** An alarm changed: to each tab holding `alarms` that may see its device now (admins at once). */
  #alarm(subscribers: Set<LiveConn>, data: LiveAlarmChange) {
    const send = (conn: LiveConn) => conn.send({ type: 'alarm', topic: ALARMS_TOPIC, data });
    let needsOwner = false;
    for (const conn of subscribers) {
      if (conn.caller.role === 'admin') send(conn);
      else needsOwner = true;
    }
    if (!needsOwner) return;
    this.#withOwner(data.deviceId, (owner) => {
      for (const conn of this.#byTopic.get(ALARMS_TOPIC) ?? []) {
        if (conn.caller.role !== 'admin' && mayWatch(conn, owner)) send(conn);
      }
    });
  }

  /** A device's presence, readings or event: to each subscribed tab that may see the device now. */
  device(deviceId: number, item: LiveDeviceItem) {
    const subscribers = this.#byDevice.get(deviceId);
    if (!subscribers) return;
    let needsOwner = false;
    for (const conn of subscribers) {
      if (conn.caller.role === 'admin') this.#queue(conn, deviceId, item);
      else needsOwner = true;
    }
    if (!needsOwner) return;
    this.#withOwner(deviceId, (owner) => {
      for (const conn of this.#byDevice.get(deviceId) ?? []) {
        if (conn.caller.role !== 'admin' && mayWatch(conn, owner)) this.#queue(conn, deviceId, item);
      }
    });
  }

  /**
   * A device's presence changed or it sent an event: counted into the next `fleet` frame of each tab
   * holding `fleet` that may see the device now (the Workplace then refetches its figures).
   */
  fleet(deviceId: number, what: 'presence' | 'events') {
    const subscribers = this.#byTopic.get(FLEET_TOPIC);
    if (!subscribers) return;
    let needsOwner = false;
    for (const conn of subscribers) {
      if (conn.caller.role === 'admin') this.#countFleet(conn, what);
      else needsOwner = true;
    }
    if (!needsOwner) return;
    this.#withOwner(deviceId, (owner) => {
      for (const conn of this.#byTopic.get(FLEET_TOPIC) ?? []) {
        if (conn.caller.role !== 'admin' && mayWatch(conn, owner)) this.#countFleet(conn, what);
      }
    });
  }

  #countFleet(conn: LiveConn, what: 'presence' | 'events') {
    let p = this.#fleetPending.get(conn);
    if (!p) {
      const pending: FleetPending = {
        presence: 0,
        events: 0,
        timer: setTimeout(() => {
          if (this.#fleetPending.get(conn) !== pending) return;
          this.#fleetPending.delete(conn);
          conn.send({
            type: 'fleet',
            topic: FLEET_TOPIC,
            data: { presence: pending.presence, events: pending.events },
          });
        }, this.#fleetMs),
      };
      this.#fleetPending.set(conn, (p = pending));
    }
    p[what]++;
  }

  /** Runs `deliver` with the device's owner: the cached one while fresh, else once it was read again. */
  #withOwner(deviceId: number, deliver: (owner: Owner) => void) {
    const owner = this.#owners.get(deviceId);
    if (owner && Date.now() - owner.at <= this.#ownerTtlMs) return deliver(owner);
    // Unknown or too old: read it again before this goes to anyone but admins.
    void this.#lookup(deviceId).then(() => {
      const known = this.#owners.get(deviceId);
      if (known) deliver(known);
    });
  }

  #lookup(deviceId: number): Promise<void> {
    let p = this.#lookups.get(deviceId);
    if (p) return p;
    p = this.db
      .select({ agentId: devices.agentId, projectId: devices.projectId })
      .from(devices)
      .where(eq(devices.id, deviceId))
      .then(([row]) => {
        // A deleted device belongs to nobody: no non-admin tab sees it any more.
        this.#owners.set(deviceId, {
          agentId: row?.agentId ?? null,
          projectId: row?.projectId ?? null,
          at: Date.now(),
        });
      })
      .catch(() => {})
      .finally(() => this.#lookups.delete(deviceId));
    this.#lookups.set(deviceId, p);
    return p;
  }

  #queue(conn: LiveConn, deviceId: number, item: LiveDeviceItem) {
    let p = this.#pending.get(conn);
    if (!p) {
      const pending: Pending = {
        items: [],
        telemetryAt: new Map(),
        timer: setTimeout(() => this.#flush(conn, pending), this.#batchMs),
      };
      this.#pending.set(conn, (p = pending));
    }
    if (item.kind === 'telemetry') {
      const at = p.telemetryAt.get(deviceId);
      const prev = at === undefined ? undefined : p.items[at];
      if (prev?.kind === 'telemetry') {
        // Readings are "latest value per field": the newest of each field is all a tab shows.
        p.items[at!] = {
          kind: 'telemetry',
          data: { ...item.data, data: { ...prev.data.data, ...item.data.data } },
        };
        return;
      }
      p.telemetryAt.set(deviceId, p.items.length);
    } else {
      // Readings after a presence change stay after it.
      p.telemetryAt.delete(deviceId);
    }
    p.items.push(item);
  }

  #flush(conn: LiveConn, pending: Pending) {
    if (this.#pending.get(conn) !== pending) return;
    this.#pending.delete(conn);
    // A topic dropped while the batch waited is answered as gone: nothing of it after `unsubscribed`.
    const items = pending.items.filter((i) => conn.topics.has(`device:${i.data.deviceId}`));
    if (items.length) conn.send({ type: 'device', items });
  }

  close() {
    for (const p of this.#pending.values()) clearTimeout(p.timer);
    this.#pending.clear();
    for (const p of this.#fleetPending.values()) clearTimeout(p.timer);
    this.#fleetPending.clear();
  }
}
