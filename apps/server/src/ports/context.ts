import type { RpcMethod, RpcParams, RpcResultOf, Versions } from '@siteops/contracts/device-protocol';
import type { LivePublication } from '@siteops/contracts/live/schemas';
import type { NotificationKind, NotificationLevel, NotificationTab } from '@siteops/contracts/notification/schemas';
import type { Role } from '@siteops/contracts/shared/roles';
import type { FastifyRequest } from 'fastify';
import type { Text } from '../core/messages/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Pii } from '../crypto/pii.ts';
import type { Storage } from '../storage/storage.ts';
import type { FileUrls } from '../storage/fileUrls.ts';
import type { DeviceEventRecord, RpcReply, TelemetryPoint, UpgradeProgressReport } from '../gateway/index.ts';
import type { AuditAction } from '@siteops/contracts/audit/actions';

/**
 * Commands to devices. A port rather than the gateway itself, so a module that acts on equipment
 * (the registry cutting a forbidden device off, firmware rollouts next) depends on two verbs, not on
 * how links, routes between instances and the bus work.
 */
export interface DeviceCommands {
  /**
   * Run `method` on the device wherever in the cluster it is linked and wait for its answer, typed
   * by the protocol. Rejects with the gateway's `RpcError` (`offline` at once when no instance holds
   * the link, so the device never got it; `linkClosed` when the link closed or this instance shut down
   * during the call, so the device may have got it; `timeout` after `timeoutMs`, default the console's
   * COMMAND_TIMEOUT_MS; or what the device answered). The caller checks scope first: this port does not
   * know who asks.
   */
  send<M extends RpcMethod>(
    deviceId: number,
    method: M,
    params: RpcParams<M>,
    opts?: { timeoutMs?: number },
  ): Promise<RpcReply<RpcResultOf<M>>>;
  /**
   * Close the device's link now (close code 4010 revoked), wherever it is held, after it was forbidden
   * or deleted; the revocation sweep would otherwise do it within one heartbeat. Answers whether a
   * link was found. Never rejects for an offline device.
   */
  cut(deviceId: number): Promise<boolean>;
}

/**
 * What devices say that a module acts on, heard on the instance holding the device's link (so each
 * report is heard once in the cluster). Each `on…` answers a function that stops listening.
 */
export interface DeviceReports {
  /** An `upgrade.progress` (protocol 5.3). */
  onUpgradeProgress(listener: (report: UpgradeProgressReport) => void): () => void;
  /** A device linked (after `auth.ok`, a reconnect after a reboot included), with the versions it sent. */
  onLinked(listener: (deviceId: number, versions: Versions) => void): () => void;
  /**
   * Readings once stored (after the batch's transaction committed), in the order they were received:
   * each reading is heard once in the cluster, by the instance holding the device's link. Listeners are
   * called synchronously and must not throw; queue the work.
   */
  onReadingsStored(listener: (readings: readonly TelemetryPoint[]) => void): () => void;
  /**
   * Device events once stored, as `onReadingsStored` (heard once in the cluster, by the instance holding
   * the link). An event a device sends again after a reconnect may be heard again: judge by its id.
   */
  onEventsStored(listener: (events: readonly DeviceEventRecord[]) => void): () => void;
  /**
   * A signed URL for an <img src> of a stored event's picture (valid an hour or two). Give it only to a
   * caller whose scope holds the device.
   */
  eventPictureUrl(deviceId: number, eventId: string): string;
}

/**
 * Live events to browser tabs (contracts/live/schemas.ts). A port so that a module reporting progress or
 * notifying a user knows only topics, not sockets, instances or the bus.
 */
export interface LivePublisher {
  /**
   * Deliver to every tab, on any instance, subscribed to the publication's topic and allowed to see
   * it (jobs and notifications: only the user named in it). Fire and forget: a tab that is not
   * listening simply misses it, so never publish anything a user could not read again by reloading.
   */
  publish(publication: LivePublication): void;
}

/**
 * Who receives a notification: the union of the users named, the users of the roles named, and the
 * agent-role users of one agent, and an announcement's audiences. Disabled accounts are left out of all
 * but `userIds`.
 */
export interface Recipients {
  userIds?: readonly number[];
  roles?: readonly Role[];
  /** The users with role `agent` of this agent (e.g. a device's owner). Null or absent: nobody. */
  agentUsersOf?: number | null;
  /** Every user (an announcement to everyone). */
  everyone?: boolean;
  /** Every user of this agent, whatever the role (an announcement to an agent's people). */
  peopleOfAgent?: number;
  /** Every manager and member of this project (an announcement to a project's people). */
  peopleOfProject?: number;
  /** The managers of this project (its project_members with role manager). */
  managersOfProject?: number;
}

export interface NewNotification {
  to: Recipients;
  tab: NotificationTab;
  /** For the users' preferences: a user who muted this kind gets nothing. Absent: always delivered. */
  kind?: NotificationKind;
  level?: NotificationLevel;
  /** Catalog texts (core/messages), rendered in each reader's language when read. */
  title: Text;
  body?: Text;
  /** A console path the item links to ("/device/device-list?sn=…"). */
  link?: string;
}

/**
 * The message box (modules/notification). A port so that any module (visitors, firmware, the device
 * sweep) raises a notification without importing the notification module:
 * `await c.notifications.notify({ to: { userIds: [hostId] }, tab: 'todo', title: t('…'), link: '/…' })`.
 */
export interface Notifier {
  /**
   * Store one row per recipient (one statement) and push each to the recipient's open tabs. Call it
   * after your transaction commits. Never rejects: a failure is logged, and the action that caused it
   * stands (a notification is a consequence, not part of it). Answers how many users got it.
   */
  notify(notification: NewNotification): Promise<number>;
}

export interface AuditEntry {
  action: AuditAction;
  targetType?: string;
  targetId?: string | number;
  /** Changed fields and context; callers mask PII before it gets here. */
  detail?: Record<string, unknown>;
  /** Defaults to the request's authenticated user. */
  actor?: { id: number | null; name: string | null };
}

/**
 * The audit trail (modules/audit). A port so that the endpoint layer writes a request's audit row
 * (`c.audit()`) without knowing the module that keeps the trail.
 */
export interface AuditTrail {
  /** Write one audit row for `request` (inside the caller's transaction when `db` is one); answers its id. */
  record(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<number>;
}

/** What a module's routes need from the app; passed in, never global. */
export interface ModuleContext {
  db: Db;
  config: Config;
  /** Encrypts, decrypts, masks and search-hashes PII columns. */
  pii: Pii;
  /** Where uploaded bytes live. */
  storage: Storage;
  /** Signs file URLs for <img src>. */
  fileUrls: FileUrls;
  deviceCommands: DeviceCommands;
  deviceReports: DeviceReports;
  live: LivePublisher;
  notifications: Notifier;
  auditTrail: AuditTrail;
}
