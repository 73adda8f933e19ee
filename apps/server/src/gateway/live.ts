import { EventEmitter } from 'node:events';
import type { LiveDeviceItem } from '@siteops/contracts/live/schemas';
import { iso, type GatewayContext } from './context.ts';
import type { Link } from './registry.ts';
import type { DeviceId, GatewayEventMap } from './types.ts';
import { EVENTS, type LiveBatch } from './wire.ts';

/** What every instance hears of every device (GatewayEventMap): the live channel listens here. */
export class GatewayEvents extends EventEmitter<GatewayEventMap> {
  constructor() {
    super();
    this.setMaxListeners(0);
  }
}

/**
 * Live items of this instance's devices go to local listeners at once and to the other instances in
 * batches (every `liveBatchMs`), because one bus message per telemetry reading would be the bus's whole
 * load at fleet scale. Batches from the other instances are replayed to local listeners. The items keep
 * their shape all the way (contracts/live/schemas.ts); this batching is the bus's, not the browsers'.
 */
export class LiveRelay {
  #items: LiveDeviceItem[] = [];
  #stored = new Set<DeviceId>();

  constructor(
    private readonly ctx: GatewayContext,
    private readonly events: GatewayEvents,
  ) {}

  emit(item: LiveDeviceItem) {
    this.events.emit('device', item, this.ctx.instanceId);
    this.#items.push(item);
  }

  /** Devices' events were written on this instance. */
  stored(deviceIds: DeviceId[]) {
    this.events.emit('eventsStored', { deviceIds });
    for (const id of deviceIds) this.#stored.add(id);
  }

  /** The device behind `link` is online (linked, or said again after a racing offline). */
  online(link: Link, at: number) {
    this.emit({
      kind: 'presence',
      data: {
        deviceId: link.deviceId,
        type: link.type,
        onlineStatus: 'online',
        heartbeatDatetime: iso(at),
        ip: link.ip,
        versions: link.versions,
      },
    });
  }

  flush() {
    if (this.#items.length === 0 && this.#stored.size === 0) return;
    const batch: LiveBatch = { from: this.ctx.instanceId, items: this.#items, stored: [...this.#stored] };
    this.#items = [];
    this.#stored = new Set();
    this.ctx.wire.publish(EVENTS, batch);
  }

  receive(batch: LiveBatch) {
    if (batch.from === this.ctx.instanceId) return;
    for (const item of batch.items) this.events.emit('device', item, batch.from);
    if (batch.stored.length) this.events.emit('eventsStored', { deviceIds: batch.stored });
  }
}
