import { EventEmitter } from 'node:events';
import type { DeviceId } from './types.ts';

/** How a shell stream reaches its device: straight down the link, or over the bus to the instance holding it. */
export interface ShellTransport {
  write(data: Buffer): void;
  resize(cols: number, rows: number): void;
  close(reason: string): void;
}

interface ShellEvents {
  data: [Buffer];
  close: [string];
}

/**
 * One terminal session on a device, as a small duplex: `write` keystrokes, `on('data')` output,
 * `resize`, `close`; `on('close', reason)` fires once, whichever side ended it. Output that arrives
 * before anyone listens (the prompt) is kept and delivered to the first `data` listener.
 */
export class ShellStream extends EventEmitter<ShellEvents> {
  #closed = false;
  #held: Buffer[] = [];
  #flowing = false;

  constructor(
    readonly id: string,
    readonly deviceId: DeviceId,
    private readonly transport: ShellTransport,
  ) {
    super();
    (this as unknown as EventEmitter).on('newListener', (event: string | symbol) => {
      if (event !== 'data' || this.#flowing) return;
      this.#flowing = true;
      queueMicrotask(() => {
        const held = this.#held;
        this.#held = [];
        for (const chunk of held) this.emit('data', chunk);
      });
    });
  }

  get closed() {
    return this.#closed;
  }

  write(data: string | Buffer) {
    if (this.#closed) return;
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (buf.length) this.transport.write(buf);
  }

  resize(cols: number, rows: number) {
    if (this.#closed) return;
    this.transport.resize(Math.max(1, Math.min(1000, Math.floor(cols))), Math.max(1, Math.min(1000, Math.floor(rows))));
  }

  /** End the session from this side. */
  close(reason = 'closed') {
    if (this.#closed) return;
    this.transport.close(reason);
    this.ended(reason);
  }

  /** Output from the device. @internal */
  pushData(data: Buffer) {
    if (this.#closed) return;
    if (this.#flowing && this.#held.length === 0) this.emit('data', data);
    else this.#held.push(data);
  }

  /** The device side (or the link) ended it. @internal */
  ended(reason: string) {
    if (this.#closed) return;
    this.#closed = true;
    // Let held output reach a listener attached in the same tick before announcing the end.
    queueMicrotask(() => queueMicrotask(() => this.emit('close', reason)));
  }
}
