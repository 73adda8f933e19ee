import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import type { LiveDeviceItem } from '@siteops/contracts/live/schemas';
import type { DeviceId } from './types.ts';

/** Every instance listens here for who holds which device (see cluster.ts). */
export const ROUTES = 'gw:routes';
/** Every instance listens here for the others' live events (see live.ts). */
export const EVENTS = 'gw:events';
/** One instance's own inbox: RPCs, their answers, terminal bytes and disconnects for the links it holds. */
export const inbox = (instanceId: string) => `gw:inst:${instanceId}`;

export type RouteMessage =
  | { op: 'up' | 'down'; from: string; deviceId: DeviceId; linkedAt: number; ttlMs: number }
  | { op: 'held'; from: string; devices: DeviceId[]; ttlMs: number }
  | { op: 'sync' | 'bye'; from: string };

export type DirectMessage =
  | {
      op: 'rpc';
      reqId: string;
      from: string;
      deviceId: DeviceId;
      method: string;
      params: unknown;
      timeoutMs: number;
    }
  | { op: 'rpc.reply'; reqId: string; result?: unknown; data?: string; error?: { code: string; message: string } }
  | { op: 'shell.in'; from: string; deviceId: DeviceId; streamId: string; data: string }
  | { op: 'shell.resize'; from: string; deviceId: DeviceId; streamId: string; cols: number; rows: number }
  | { op: 'shell.end'; from: string; deviceId: DeviceId; streamId: string; reason: string }
  | { op: 'shell.out'; streamId: string; data: string }
  | { op: 'shell.closed'; streamId: string; reason: string }
  | { op: 'disconnect'; deviceId: DeviceId }
  /** A device's message that reached this instance's transport but belongs to the instance holding its link. */
  | { op: 'transport.up'; transport: string; data: unknown };

export type ShellMessage = Extract<DirectMessage, { op: `shell.${string}` }>;

/** What one instance's devices said since its last batch, for every other instance's browsers. */
export interface LiveBatch {
  from: string;
  items: LiveDeviceItem[];
  /** Devices whose events were written meanwhile. */
  stored: DeviceId[];
}

/**
 * The gateway's side of the bus. Most messages are fire and forget because the bus delivers at most
 * once anyway and every caller that needs an answer has its own timeout; a failed publish is only
 * logged. The typed helpers keep each channel's message shape in one place.
 */
export class Wire {
  constructor(
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {}

  publish(channel: string, message: unknown) {
    this.bus.publish(channel, message).catch((err) => this.log.warn({ err, channel }, 'bus publish failed'));
  }

  /** Awaited but never rejects: shutdown goes on even when the bus is already gone. */
  async publishNow(channel: string, message: unknown) {
    try {
      await this.bus.publish(channel, message);
    } catch (err) {
      this.log.warn({ err, channel }, 'bus publish failed');
    }
  }

  route(message: RouteMessage) {
    this.publish(ROUTES, message);
  }

  tell(instanceId: string, message: DirectMessage) {
    this.publish(inbox(instanceId), message);
  }

  /** To one instance, rejecting when the bus refuses: for callers that must answer their own caller. */
  send(instanceId: string, message: DirectMessage): Promise<void> {
    return this.bus.publish(inbox(instanceId), message);
  }

  /** Listen on the three channels, adding each subscription's end to `ends` as soon as it is live. */
  async listen(
    instanceId: string,
    on: { routes: (m: RouteMessage) => void; live: (b: LiveBatch) => void; direct: (m: DirectMessage) => void },
    ends: (() => Promise<void>)[],
  ) {
    ends.push(await this.bus.subscribe(ROUTES, (m) => on.routes(m as RouteMessage)));
    ends.push(await this.bus.subscribe(EVENTS, (m) => on.live(m as LiveBatch)));
    ends.push(await this.bus.subscribe(inbox(instanceId), (m) => on.direct(m as DirectMessage)));
  }
}
