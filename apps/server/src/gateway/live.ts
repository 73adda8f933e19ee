import { EventEmitter } from 'node:events';
import { iso, type GatewayContext } from './context.ts';
import type { Link } from './registry.ts';
import type { GatewayEventMap, LiveEvent } from './types.ts';
import { EVENTS, type LiveBatch } from './wire.ts';

/** Live events; a later SSE endpoint subscribes here. Emits every device's events, on every instance. */
export class GatewayEvents extends EventEmitter<GatewayEventMap> {
  constructor() {
    super();
    this.setMaxListeners(0);
  }
}

function emitLive(events: GatewayEvents, e: LiveEvent) {
  switch (e.kind) {
    case 'online':
      return events.emit('online', e.body);
    case 'offline':
      return events.emit('offline', e.body);
    case 'telemetry':
      return events.emit('telemetry', e.body);
    case 'event':
      return events.emit('event', e.body);
    case 'eventsStored':
      return events.emit('eventsStored', e.body);
  }
}

/**
 * Live events of this instance's devices go to local listeners at once and to the other instances in
 * batches (every `liveBatchMs`), because one bus message per telemetry reading would be the bus's whole
 * load at fleet scale. Batches from the other instances are replayed to local listeners.
 */
export class LiveRelay {
  #outbox: LiveEvent[] = [];

  constructor(
    private readonly ctx: GatewayContext,
    private readonly events: GatewayEvents,
  ) {}

  emit(event: LiveEvent) {
    emitLive(this.events, event);
    this.#outbox.push(event);
  }

  /** The device behind `link` is online (linked, or said again after a racing offline). */
  online(link: Link, at: number) {
    this.emit({
      kind: 'online',
      body: {
        deviceId: link.deviceId,
        type: link.type,
        at: iso(at),
        ip: link.ip,
        versions: link.versions,
        instanceId: this.ctx.instanceId,
      },
    });
  }

  flush() {
    if (this.#outbox.length === 0) return;
    const events = this.#outbox;
    this.#outbox = [];
    this.ctx.wire.publish(EVENTS, { from: this.ctx.instanceId, events } satisfies LiveBatch);
  }

  receive(batch: LiveBatch) {
    if (batch.from === this.ctx.instanceId) return;
    for (const event of batch.events) emitLive(this.events, event);
  }
}
