import { randomUUID } from 'node:crypto';
import type { DeviceMessageInput, TelemetryData } from '@siteops/contracts/device-protocol';
import { EventOutbox, encodeEvent } from './eventOutbox.ts';
import { eventPicture } from './pictures.ts';
import type { SimDevice } from './device.ts';
import type { SimEventSpec } from './model.ts';
import type { SimDeviceOptions } from './simTypes.ts';

/** What the reporter needs of its device (SimDevice keeps these parts private). */
export interface ReportingHost {
  readonly device: SimDevice;
  readonly opts: SimDeviceOptions;
  /** The device's live settings (`telemetryIntervalS`, `uploadPictures`). */
  readonly config: Record<string, unknown>;
  /** The link is up (authenticated and not frozen or stopped). */
  isUp(): boolean;
  /** Send a message on the current link; false when there is none open. */
  send(message: DeviceMessageInput): boolean;
  /** Send an encoded message on the current link; false when there is no link. */
  sendText(text: string): boolean;
}

/**
 * A device's reports to the server: telemetry on the configured period (sampled from the model, with
 * the events the model raises), and events kept until acknowledged.
 */
export class Reporter {
  readonly outbox = new EventOutbox();
  readonly #host: ReportingHost;
  #timer?: NodeJS.Timeout;
  #lastSample = Date.now();

  constructor(host: ReportingHost) {
    this.#host = host;
  }

  /** (Re)start periodic telemetry; `randomPhase` delays the first sample so a fleet spreads out. */
  scheduleTelemetry(randomPhase: boolean) {
    this.stopTelemetry();
    const ms = Number(this.#host.config.telemetryIntervalS) * 1000;
    if (!(ms > 0) || (this.#host.opts.telemetryMs ?? 5000) === 0) return;
    const begin = () => {
      this.#tick();
      this.#timer = setInterval(() => this.#tick(), ms);
    };
    if (randomPhase) this.#timer = setTimeout(begin, Math.random() * ms);
    else begin();
  }

  stopTelemetry() {
    clearInterval(this.#timer);
  }

  #tick() {
    if (!this.#host.isUp()) return;
    const now = Date.now();
    const { data, events } = this.#host.device.model.sample((now - this.#lastSample) / 1000, now);
    this.#lastSample = now;
    this.sendTelemetry(data);
    for (const e of events) this.queueEvent(e);
  }

  sendTelemetry(data: TelemetryData) {
    if (this.#host.send({ type: 'telemetry', ts: Date.now(), data })) this.#host.device.counters.telemetry++;
  }

  /** Send an event now if the link is up, and keep it until the server acknowledges it. Answers its id. */
  queueEvent(spec: SimEventSpec): string {
    const { device, opts, config } = this.#host;
    const id = randomUUID();
    const withPicture = spec.picture && (opts.pictures ?? true) && config.uploadPictures !== false;
    const text = encodeEvent(
      id,
      spec,
      withPicture ? () => eventPicture(device.type, device.sn, spec.kind, device.model.random()) : undefined,
    );
    this.outbox.add(id, text);
    if (this.#host.isUp() && this.#host.sendText(text)) this.#host.device.counters.events++;
    return id;
  }

  /** After a reconnect: send again every event not yet acknowledged. */
  resendPending() {
    for (const text of this.outbox.texts()) this.#host.sendText(text);
  }
}
