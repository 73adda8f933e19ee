import type { TelemetryData } from '@siteops/contracts/device-protocol';
import type { GatewayContext } from './context.ts';
import type { Link } from './registry.ts';
import type { DeviceEventRecord, DeviceId, LatestReading, PresenceRecord, TelemetryPoint } from './types.ts';

const MAX_BUFFERED_POINTS = 200_000;
const MAX_BUFFERED_EVENTS = 50_000;

interface QueuedEvent {
  record: DeviceEventRecord;
  /**
   * Acknowledged on these links once stored: the one it came on, and the newer link of a device that
   * relinked and resent it while it still waited here (the first link is gone, its ack with it).
   */
  links: Set<Link>;
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
  #eventIds = new Map<string, QueuedEvent>();
  readonly #presenceWrite = new SerialWrite();
  readonly #telemetryWrite = new SerialWrite();

  constructor(
    private readonly ctx: GatewayContext,
    /** After a write that stored events, with their devices (each once). */
    private readonly onEventsStored: (deviceIds: DeviceId[]) => void = () => undefined,
  ) {}

  markPresence(link: Link, online: boolean, at: number) {
    this.#presence.set(link.deviceId, {
      deviceId: link.deviceId,
      online,
      at: new Date(at),
      heartbeatAt: new Date(link.heartbeatAt || at),
      ip: link.ip,
      transport: link.transport.kind,
      versions: link.versions,
    });
  }

  addReading(link: Link, at: Date, data: TelemetryData, flags?: Record<string, string>) {
    this.#points.push({ deviceId: link.deviceId, type: link.type, at, data, ...(flags && { flags }) });
    const times = Object.fromEntries(Object.keys(data).map((k) => [k, at.getTime()]));
    const reading = { deviceId: link.deviceId, at, data, times, flags };
    const latest = this.#latest.get(link.deviceId);
    if (latest) mergeLatest(latest, reading);
    else {
      const entry: LatestReading = { deviceId: link.deviceId, at, data: { ...data }, times };
      if (flags) entry.flags = { ...flags };
      this.#latest.set(link.deviceId, entry);
    }
  }

  /**
   * A resend of an event that still waits for the next write: it is acknowledged on `link` too once
   * stored. False when no event with this id waits (new, or already being written: then it is queued
   * again, and stored once by its id).
   */
  joinEvent(id: string, link: Link): boolean {
    const queued = this.#eventIds.get(id);
    if (!queued) return false;
    queued.links.add(link);
    return true;
  }

  addEvent(record: DeviceEventRecord, link: Link) {
    const queued = { record, links: new Set([link]) };
    this.#eventIds.set(record.id, queued);
    this.#events.push(queued);
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
      this.#eventIds = new Map();
      return async () => {
        try {
          await this.ctx.deps.telemetry.flush({
            points,
            latest: [...latest.values()],
            events: events.map((e) => e.record),
          });
          ackEvents(events);
          if (events.length) this.onEventsStored([...new Set(events.map((e) => e.record.deviceId))]);
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
      if (newer) mergeLatest(newer, older);
      else this.#latest.set(deviceId, older);
    }
    const allEvents = events.filter((e) => !this.#eventIds.has(e.record.id)).concat(this.#events);
    // A failed event resent meanwhile is queued again: that copy is kept, acked on both links.
    for (const e of events) {
      const resent = this.#eventIds.get(e.record.id);
      if (resent) for (const l of e.links) resent.links.add(l);
    }
    counters.droppedEvents += dropOldest(allEvents, MAX_BUFFERED_EVENTS);
    this.#events = allEvents;
    this.#eventIds = new Map(allEvents.map((e) => [e.record.id, e]));
  }
}

/** Fold `from` into `into`, field by field, keeping the value with the later reading time (ties: `from`). */
export function mergeLatest(into: Omit<LatestReading, 'deviceId'>, from: Omit<LatestReading, 'deviceId'>) {
  for (const [key, value] of Object.entries(from.data)) {
    const at = from.times[key] ?? from.at.getTime();
    if ((into.times[key] ?? -Infinity) > at) continue;
    into.data[key] = value;
    into.times[key] = at;
    const flag = from.flags?.[key];
    if (flag !== undefined) (into.flags ??= {})[key] = flag;
    else if (into.flags) delete into.flags[key];
  }
  if (from.at > into.at) into.at = from.at;
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
    for (const link of e.links) {
      const ids = byLink.get(link);
      if (ids) ids.push(e.record.id);
      else byLink.set(link, [e.record.id]);
    }
  }
  for (const [link, ids] of byLink) {
    if (link.state === 'up') link.sendJson({ type: 'event.ack', ids });
  }
}
