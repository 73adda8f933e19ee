import type { DeviceMessageInput } from '@siteops/contracts/device-protocol';
import type { SimEventSpec } from './model.ts';

/** How many unacknowledged events a device keeps; past it the oldest is dropped. */
export const MAX_OUTBOX = 100;

/** Events sent but not yet acknowledged by the server, kept encoded so a reconnect sends them again. */
export class EventOutbox {
  readonly #pending = new Map<string, string>();

  get size() {
    return this.#pending.size;
  }

  /** Keep an encoded event until it is acknowledged. */
  add(id: string, text: string) {
    this.#pending.set(id, text);
    if (this.#pending.size > MAX_OUTBOX) this.#pending.delete(this.#pending.keys().next().value!);
  }

  /** Answers how many of `ids` it was still keeping (an id acknowledged twice counts once). */
  acknowledge(ids: Iterable<string>) {
    let kept = 0;
    for (const id of ids) if (this.#pending.delete(id)) kept++;
    return kept;
  }

  /** The kept events, oldest first. */
  texts() {
    return this.#pending.values();
  }
}

/** The `event` message for `spec`, as sent; `picture` is called only when one is to be attached. */
export function encodeEvent(id: string, spec: SimEventSpec, picture?: () => Buffer): string {
  const message: DeviceMessageInput = {
    type: 'event',
    id,
    ts: Date.now(),
    kind: spec.kind,
    level: spec.level,
    data: spec.data,
    ...(picture ? { picture: picture().toString('base64') } : {}),
  };
  return JSON.stringify(message);
}
