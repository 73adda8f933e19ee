import type { TelemetryData } from '@siteops/contracts/device-protocol';
import type { GatewayContext } from './context.ts';
import type { Link } from './registry.ts';
import type { DeviceEventRecord, DeviceId, LatestReading, PresenceRecord, TelemetryPoint } from './types.ts';

const MAX_BUFFERED_POINTS = 200_000;
const MAX_BUFFERED_EVENTS = 50_000;

interface QueuedEvent {
  record: DeviceEventRecord;
  /** Acknowledged on this link once stored; a device that relinked meanwhile resends and is deduplicated. */
  link: Link;
}

/**
 * Runs one write at a time: a timer tick during a slow write joins it rather than starting a second
 * one, so the sinks never see overlapping calls (their contract).
 */
class SerialWrite {
  #busy = false;
  #last: Promise<void> = Promise.resolve();

  /** `take` empties the buffer into a job, or answers undefined when there is nothing to write. */
  run(take: () => (() => Promise<void>) | undefined): Promise<void> {
    if (this.#busy) return this.#last;
    const job = take();
    if (!job) return this.#last;
    this.#busy = true;
    this.#last = (async () => {
      try {
        await job();
      } finally {
        this.#busy = false;
      }
    })();
    return this.#last;
  }

  /** The write under way, if any. */
  get current() {
    return this.#last;
  }
}

/**
 * Presence, readings and events wait here between flushes: one write per interval for the whole fleet
 * instead of one per message (20,000 devices would otherwise be the database's whole load). A failed
 * write is merged into the next one, bounded, newest first.
 */
export class WriteBatches {
  #presence = new Map<DeviceId, PresenceRecord>();
  #points: TelemetryPoint[] = [];
  #latest = new Map<DeviceId, LatestReading>();
  #events: QueuedEvent[] = [];
  #eventIds = new Set<string>();
  readonly #presenceWrite = new SerialWrite();
  readonly #telemetryWrite = new SerialWrite();

  constructor(private readonly ctx: GatewayContext) {}

  markPresence(link: Link, online: boolean, at: number) {
    this.#presence.set(link.deviceId, {
      deviceId: link.deviceId,
      online,
      at: new Date(at),
      heartbeatAt: new Date(link.heartbeatAt || at),
      ip: link.ip,
      versions: link.versions,
    });
  }

  addReading(link: Link, at: Date, data: TelemetryData) {
    this.#points.push({ deviceId: link.deviceId, type: link.type, at, data });
    const latest = this.#latest.get(link.deviceId);
    if (latest) {
      Object.assign(latest.data, data);
      if (at > latest.at) latest.at = at;
    } else this.#latest.set(link.deviceId, { deviceId: link.deviceId, at, data: { ...data } });
  }

  /** Whether an event with this id waits for the next write (a resend before its ack). */
  hasEvent(id: string) {
    return this.#eventIds.has(id);
  }

  addEvent(record: DeviceEventRecord, link: Link) {
    this.#eventIds.add(record.id);
    this.#events.push({ record, link });
  }

  get bufferedPoints() {
    return this.#points.length;
  }

  get bufferedEvents() {
    return this.#events.length;
  }

  flushPresence(): Promise<void> {
    return this.#presenceWrite.run(() => {
      if (this.#presence.size === 0) return undefined;
      const batch = [...this.#presence.values()];
      this.#presence = new Map();
      return async () => {
        try {
          await this.ctx.deps.presence.flush(batch);
        } catch (err) {
          this.ctx.log.warn({ err, size: batch.length }, 'presence flush failed; retrying with the next batch');
          for (const r of batch) if (!this.#presence.has(r.deviceId)) this.#presence.set(r.deviceId, r);
        }
      };
    });
  }

  flushTelemetry(): Promise<void> {
    return this.#telemetryWrite.run(() => {
      if (this.#points.length === 0 && this.#events.length === 0 && this.#latest.size === 0) return undefined;
      const points = this.#points;
      const latest = this.#latest;
      const events = this.#events;
      this.#points = [];
      this.#latest = new Map();
      this.#events = [];
      this.#eventIds = new Set();
      return async () => {
        try {
          await this.ctx.deps.telemetry.flush({
            points,
            latest: [...latest.values()],
            events: events.map((e) => e.record),
          });
          ackEvents(events);
        } catch (err) {
          this.ctx.log.warn(
            { err, points: points.length, events: events.length },
            'telemetry flush failed; will retry',
          );
          this.#requeue(points, latest, events);
        }
      };
    });
  }

  /** At shutdown: wait for the writes under way, then write what is left. */
  async drain() {
    await this.#presenceWrite.current;
    await this.flushPresence();
    await this.#telemetryWrite.current;
    await this.flushTelemetry();
  }

  #requeue(points: TelemetryPoint[], latest: Map<DeviceId, LatestReading>, events: QueuedEvent[]) {
    const counters = this.ctx.counters;
    const allPoints = points.concat(this.#points);
    counters.droppedPoints += dropOldest(allPoints, MAX_BUFFERED_POINTS);
    this.#points = allPoints;
    for (const [deviceId, older] of latest) {
      const newer = this.#latest.get(deviceId);
      if (newer) newer.data = { ...older.data, ...newer.data };
      else this.#latest.set(deviceId, older);
    }
    const allEvents = events.filter((e) => !this.#eventIds.has(e.record.id)).concat(this.#events);
    counters.droppedEvents += dropOldest(allEvents, MAX_BUFFERED_EVENTS);
    this.#events = allEvents;
    this.#eventIds = new Set(allEvents.map((e) => e.record.id));
  }
}

/** Keep the newest `max` entries; answers how many were dropped. */
function dropOldest(list: unknown[], max: number): number {
  if (list.length <= max) return 0;
  const dropped = list.length - max;
  list.splice(0, dropped);
  return dropped;
}

/** Tell each device, in one message per link, which of its events are now stored. */
function ackEvents(events: QueuedEvent[]) {
  const byLink = new Map<Link, string[]>();
  for (const e of events) {
    const ids = byLink.get(e.link);
    if (ids) ids.push(e.record.id);
    else byLink.set(e.link, [e.record.id]);
  }
  for (const [link, ids] of byLink) {
    if (link.state === 'up') link.sendJson({ type: 'event.ack', ids });
  }
}
