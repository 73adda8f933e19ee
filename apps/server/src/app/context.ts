import type { RpcMethod, RpcParams, RpcResultOf } from '@siteops/contracts/device-protocol';
import type { LivePublication } from '@siteops/contracts/live';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Pii } from '../crypto/pii.ts';
import type { Storage } from '../storage/storage.ts';
import type { FileUrls } from '../modules/file/urls.ts';
import type { RpcReply } from '../gateway/index.ts';

/**
 * Commands to devices. A port rather than the gateway itself, so a module that acts on equipment
 * (the registry cutting a forbidden device off, firmware rollouts next) depends on two verbs, not on
 * how links, routes between instances and the bus work.
 */
export interface DeviceCommands {
  /**
   * Run `method` on the device wherever in the cluster it is linked and wait for its answer, typed
   * by the protocol. Rejects with the gateway's `RpcError` (`offline` at once when no instance holds
   * the link, `timeout` after `timeoutMs`, default the console's COMMAND_TIMEOUT_MS, or what the device
   * answered). The caller checks scope first: this port does not know who asks.
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
 * Live events to browser tabs (contracts/live.ts). A port so that a module reporting progress or
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
  live: LivePublisher;
}
