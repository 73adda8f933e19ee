import type { TransportKind } from './transports/transport.ts';
import type { LiveDeviceItem } from '@siteops/contracts/live/schemas';
import type {
  DeviceType,
  EventLevel,
  RefuseReason,
  RpcErrorCode,
  TelemetryData,
  UpgradeProgressMessage,
  Versions,
} from '@siteops/contracts/device-protocol';
import type { Bus } from '../bus/bus.ts';

/** The devices table's primary key. */
export type DeviceId = number;

// ---------------------------------------------------------------------------------------------------
// What the gateway needs from the rest of the server. Small interfaces, so the device link is built and
// tested without a database, and the devices module owns its SQL.

export interface AuthMeta {
  /** The type the device says it is. */
  type: DeviceType;
  versions: Versions;
  /** As the server sees it (behind a proxy: with TRUST_PROXY, from X-Forwarded-For). */
  ip: string;
}

export type AuthResult =
  | {
      ok: true;
      deviceId: DeviceId;
      type: DeviceType;
      /** When the licence ends: the link is closed (4010 revoked) at that moment. */
      licenceExpiresAt?: Date | null;
    }
  | { ok: false; reason: Exclude<RefuseReason, 'protocol' | 'unavailable'>; message?: string };

/**
 * Who may link. Kept behind an interface because the answer lives in the devices table, which the
 * device registry owns, and because the gateway's tests must run without a database.
 */
export interface DeviceDirectory {
  /**
   * Check a device's credentials when it dials in. The database implementation: find the device by
   * `sn`; none -> insert it with authStatus `unknown` (sn, mac, type, ip, versions, additionDatetime)
   * and answer `unknown`; authStatus `unknown` -> `unknown`; `forbidden` or `allow = false` ->
   * `forbidden`; `secretMatches(secret, secretHash)` false -> `badSecret`; `licenceExpiresAt` past ->
   * `expired`; mac or type different from the row -> `mismatch`. On success answer the row's id and
   * type (the row's type is authoritative). Throwing makes the gateway refuse with `unavailable`, and
   * the device retries with its normal backoff.
   */
  authenticate(sn: string, mac: string, secret: string, meta: AuthMeta): Promise<AuthResult>;
  /**
   * An HJ 212 monitor's first packet: find the device by its MN (`devices.hj212_mn`); none ->
   * `unknown` (nothing is recorded: an MN says nothing of a serial number or type); authStatus
   * `unknown` -> `unknown`; `forbidden` or `allow = false` -> `forbidden`; a PW other than the stored
   * one -> `badSecret`; licence past -> `expired`; a device that is not a dust monitor -> `mismatch`.
   * Absent: HJ 212 links are refused `unavailable`.
   */
  authenticateHj212?(mn: string, pw: string, meta: { ip: string }): Promise<AuthResult>;
}

/** The latest presence of one device, as the gateway last saw it. */
export interface PresenceRecord {
  deviceId: DeviceId;
  online: boolean;
  /** When this state was observed (server clock): the link-up, heartbeat or link-down time. */
  at: Date;
  /** Last heartbeat (or link-up) time: the spec's heartbeatDatetime. */
  heartbeatAt: Date;
  ip: string;
  /** The link's transport (ws, mqtt). */
  transport: TransportKind;
  versions: Versions;
}

/**
 * Where presence goes (devices.onlineStatus, heartbeatDatetime, ip, frpcVer, devVer, version). Batched
 * because 20,000 devices at 30 s heartbeats are 667 heartbeats/s: one UPDATE each would be the
 * database's whole load.
 */
export interface PresenceSink {
  /**
   * Called on a timer (default every 2 s) with ONE batch: one entry per device whose presence changed
   * or that sent a heartbeat since the last call, latest state only. Write it in one statement, e.g.
   * `UPDATE devices d SET ... FROM (VALUES ...) v(id, online, heartbeat_at, ip, ...) WHERE d.id = v.id`
   * (guard with `d.heartbeat_datetime <= v.heartbeat_at` if two instances may write the same row).
   * Calls never overlap; if one rejects, its entries are merged into the next batch (newer wins).
   * With several instances, a crashed instance leaves rows online: a periodic job should mark rows
   * offline whose heartbeatDatetime is older than three intervals.
   */
  flush(batch: PresenceRecord[]): Promise<void>;
}

export interface TelemetryPoint {
  deviceId: DeviceId;
  type: DeviceType;
  /** Device time when plausible, else receive time. */
  at: Date;
  data: TelemetryData;
  /** Field -> data flag (HJ 212), for the fields that had one other than N; absent when none. */
  flags?: Record<string, string>;
}

export interface LatestReading {
  deviceId: DeviceId;
  /** Time of the newest point merged in. */
  at: Date;
  /**
   * Every field received in this batch, the value with the newest reading time per field: merged into
   * devices.latest field by field, where the stored value is not newer (a backlog reading sent after a
   * reconnect is history, not the latest).
   */
  data: TelemetryData;
  /** The reading time (ms since the epoch) of each field in `data`. */
  times: Record<string, number>;
  /**
   * The flag other than N of the fields in `data` that had one: merged into devices.latest under
   * LATEST_FLAGS with the values (a field's newer value without a flag clears its old flag).
   */
  flags?: Record<string, string>;
}

export interface DeviceEventRecord {
  /** The device's UUID for the event: with `at` the primary key, so a resent event is dropped (on conflict do nothing). */
  id: string;
  deviceId: DeviceId;
  type: DeviceType;
  kind: string;
  level: EventLevel;
  at: Date;
  receivedAt: Date;
  data: Record<string, unknown>;
  /** JPEG bytes, when the event carried a picture; store it through the Storage interface. */
  picture?: Buffer;
}

export interface TelemetryBatch {
  points: TelemetryPoint[];
  latest: LatestReading[];
  events: DeviceEventRecord[];
}

/**
 * Where readings and events go: the latest values (device lists), the time series (charts, pruned by
 * retention) and the events table. Batched for the same reason as presence (4,000 points/s is the goal).
 */
export interface TelemetrySink {
  /**
   * Called on a timer (default every second) with everything received since the last call; calls never
   * overlap. Resolve only once the batch is stored: devices are told their events are safe
   * (`event.ack`) after it resolves, and resend unacknowledged ones. If it rejects, the batch is merged
   * into the next one (bounded: beyond 200,000 points the oldest are dropped and counted).
   */
  flush(batch: TelemetryBatch): Promise<void>;
}

/** Time source for timestamps and presence decisions (timers are real). */
export interface Clock {
  now(): number;
}

export interface GatewayOptions {
  /** WebSocket path. Default `/gateway`. */
  path?: string;
  /** This instance's id on the bus. Default a random UUID. */
  instanceId?: string;
  /** Default 10 000. */
  authTimeoutMs?: number;
  /** Refusals are answered after this delay, to slow down secret guessing. Default 300. */
  refuseDelayMs?: number;
  /** Default 2 000. */
  presenceFlushMs?: number;
  /** Default 1 000. */
  telemetryFlushMs?: number;
  /** Live events are sent to other instances in batches this often. Default 100. */
  liveBatchMs?: number;
  /** Each instance announces the devices it holds this often. Default 10 000. */
  routeAnnounceMs?: number;
  /** Extra wait for an answer routed through another instance. Default 500. */
  remoteSlackMs?: number;
  /** Default 64. */
  maxPendingRpcsPerLink?: number;
  /** New links admitted per second (a reconnect storm is spread, close 4013); 0, the default: no limit. */
  admitPerSecond?: number;
}

export interface GatewayDeps {
  directory: DeviceDirectory;
  presence: PresenceSink;
  telemetry: TelemetrySink;
  /** In-process or Redis; the gateway does not close it (its owner does, after the app). */
  bus: Bus;
  /**
   * Heartbeat interval for new links, in seconds (fractions allowed). A getter because it is a system
   * constant an admin may change at run time; links keep the interval they were given.
   */
  heartbeatSeconds: () => number;
  clock?: Clock;
  options?: GatewayOptions;
}

// ---------------------------------------------------------------------------------------------------
// What the gateway offers.

export class RpcError extends Error {
  constructor(
    readonly code: RpcErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export interface RpcReply<T = unknown> {
  result: T;
  /** The binary part (snapshot JPEG, tunnelled body), when the method has one. */
  data?: Buffer;
}

export interface TunnelRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  /** Path and query on the device's local web page, starting with `/`. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface TunnelResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** An `upgrade.progress` from a device linked to this instance (protocol 5.3). */
export interface UpgradeProgressReport {
  deviceId: DeviceId;
  /** Server clock. */
  at: Date;
  message: UpgradeProgressMessage;
}

/**
 * What devices linked to THIS instance report for a module to act on (local only, never relayed:
 * exactly one instance hears each report, so a module writes it once).
 */
export interface GatewayReportMap {
  upgradeProgress: [UpgradeProgressReport];
  /** Every accepted link (a replacing one too), with the versions its `auth` carried. */
  linked: [{ deviceId: DeviceId; versions: Versions }];
}

/** Why a link went down, as a presence item says (`stale` is the sweep's, for a crashed instance's rows). */
export type OfflineReason = 'closed' | 'heartbeatTimeout' | 'revoked' | 'shutdown' | 'rateLimited';

/**
 * Devices' events were written (a telemetry flush): what lists them can be read again now. An event
 * itself is emitted as it arrives, before it is stored.
 */
export interface EventsStoredEvent {
  deviceIds: DeviceId[];
}

/**
 * What every instance hears of every device (linked here or relayed from the instance holding it). A
 * device's presence, readings and events are in the live channel's vocabulary (contracts/live/schemas.ts), so
 * the channel passes them to browser tabs as they are; `instanceId` is the instance holding the link.
 */
export interface GatewayEventMap {
  device: [item: LiveDeviceItem, instanceId: string];
  eventsStored: [EventsStoredEvent];
}
