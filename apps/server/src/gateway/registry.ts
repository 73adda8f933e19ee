import { randomUUID } from 'node:crypto';
import {
  LINK_RATE,
  encodeFrame,
  type DeviceType,
  type FrameKindValue,
  type RpcMethodDef,
  type ServerMessage,
  type Versions,
} from '@siteops/contracts/device-protocol';
import type { ShellStream } from './shell.ts';
import type { LinkTransport } from './transports/transport.ts';
import type { DeviceId, RpcError, RpcReply } from './types.ts';
import { RateBucket } from '../core/rateBucket.ts';

export interface PendingRpc {
  method: string;
  def: RpcMethodDef;
  resolve: (reply: RpcReply) => void;
  reject: (err: RpcError) => void;
  timer: NodeJS.Timeout;
  chunks: Buffer[];
  size: number;
}

/** A terminal stream on a link: opened here (`local`) or by another instance (`remote`, its id). */
export interface StreamRoute {
  local?: ShellStream;
  remote?: string;
}

/** One device link, from accept to close, whatever transport carries it. */
export class Link {
  readonly id = randomUUID();
  /** `auth`: waiting for the auth message; `authing`: checking it; `up`: linked; `down`: finished. */
  state: 'auth' | 'authing' | 'up' | 'down' = 'auth';
  deviceId: DeviceId = 0;
  type: DeviceType = 'gateway';
  sn = '';
  versions: Versions = {};
  linkedAt = 0;
  lastSeen = 0;
  heartbeatAt = 0;
  heartbeatMs = 30_000;
  readonly pending = new Map<string, PendingRpc>();
  readonly streams = new Map<string, StreamRoute>();
  readonly rate = new RateBucket(LINK_RATE);
  authTimer?: NodeJS.Timeout;
  /** Fires when the device's licence expires (4010). */
  expiryTimer?: NodeJS.Timeout;

  constructor(
    readonly transport: LinkTransport,
    readonly ip: string,
  ) {}

  get writable() {
    return this.transport.writable;
  }

  /** How long the device may stay silent before it counts as gone: two heartbeats, or its transport's own keepalive. */
  get silenceMs() {
    return Math.max(2 * this.heartbeatMs, this.transport.minSilenceMs ?? 0);
  }

  sendJson(message: ServerMessage) {
    this.transport.send(message);
  }

  sendFrame(kind: FrameKindValue, id: string, payload: Uint8Array) {
    if (this.writable) this.transport.sendFrame(encodeFrame(kind, id, payload));
  }

  close(code: number, reason: string) {
    this.transport.close(code, reason);
  }
}

/** This instance's links: every accepted socket, and the one current link per device. */
export class LinkRegistry {
  readonly #byDevice = new Map<DeviceId, Link>();
  readonly #all = new Set<Link>();

  add(link: Link) {
    this.#all.add(link);
  }

  forget(link: Link) {
    this.#all.delete(link);
  }

  /** Make `link` the device's current link; answers the link it replaces, if any. */
  setCurrent(link: Link): Link | undefined {
    const previous = this.#byDevice.get(link.deviceId);
    this.#byDevice.set(link.deviceId, link);
    return previous === link ? undefined : previous;
  }

  get(deviceId: DeviceId): Link | undefined {
    return this.#byDevice.get(deviceId);
  }

  /** Drop `link` as its device's current link; false when it was not current (it was replaced). */
  removeCurrent(link: Link): boolean {
    if (this.#byDevice.get(link.deviceId) !== link) return false;
    this.#byDevice.delete(link.deviceId);
    return true;
  }

  /** Linked devices. */
  get size() {
    return this.#byDevice.size;
  }

  /** Sockets, linked or still authenticating. */
  get sockets() {
    return this.#all.size;
  }

  links(): IterableIterator<Link> {
    return this.#byDevice.values();
  }

  allSockets(): Link[] {
    return [...this.#all];
  }

  deviceIds(): DeviceId[] {
    return [...this.#byDevice.keys()];
  }
}

interface RouteEntry {
  instanceId: string;
  linkedAt: number;
  expiresAt: number;
}

/**
 * Which other instance holds which device, learnt from the bus (`up`, `down`, periodic `held` lists).
 * Entries expire when their instance stops announcing them (it crashed).
 */
export class RouteTable {
  readonly #routes = new Map<DeviceId, RouteEntry>();

  constructor(private readonly now: () => number) {}

  get(deviceId: DeviceId): string | undefined {
    const entry = this.#routes.get(deviceId);
    if (!entry) return undefined;
    if (entry.expiresAt < this.now()) {
      this.#routes.delete(deviceId);
      return undefined;
    }
    return entry.instanceId;
  }

  /** Whether another instance announced a link for the device newer than `linkedAt`. */
  hasNewer(deviceId: DeviceId, linkedAt: number): boolean {
    const entry = this.#routes.get(deviceId);
    return !!entry && entry.expiresAt >= this.now() && entry.linkedAt > linkedAt;
  }

  up(from: string, deviceId: DeviceId, linkedAt: number, ttlMs: number) {
    const entry = this.#routes.get(deviceId);
    if (entry && entry.expiresAt >= this.now() && entry.linkedAt > linkedAt) return;
    this.#routes.set(deviceId, { instanceId: from, linkedAt, expiresAt: this.now() + ttlMs });
  }

  down(from: string, deviceId: DeviceId, linkedAt: number) {
    const entry = this.#routes.get(deviceId);
    if (entry && entry.instanceId === from && entry.linkedAt <= linkedAt) this.#routes.delete(deviceId);
  }

  /** A full list from `from`: refresh its entries, add missing ones, drop the ones it no longer has. */
  held(from: string, deviceIds: readonly DeviceId[], ttlMs: number) {
    const now = this.now();
    const listed = new Set(deviceIds);
    for (const deviceId of deviceIds) {
      const entry = this.#routes.get(deviceId);
      if (entry && entry.instanceId === from) entry.expiresAt = now + ttlMs;
      else if (!entry || entry.expiresAt < now) {
        this.#routes.set(deviceId, { instanceId: from, linkedAt: 0, expiresAt: now + ttlMs });
      }
    }
    for (const [deviceId, entry] of this.#routes) {
      if (entry.instanceId === from && !listed.has(deviceId)) this.#routes.delete(deviceId);
    }
  }

  bye(from: string) {
    for (const [deviceId, entry] of this.#routes) if (entry.instanceId === from) this.#routes.delete(deviceId);
  }

  delete(deviceId: DeviceId) {
    this.#routes.delete(deviceId);
  }

  sweep() {
    const now = this.now();
    for (const [deviceId, entry] of this.#routes) if (entry.expiresAt < now) this.#routes.delete(deviceId);
  }

  get size() {
    return this.#routes.size;
  }
}
