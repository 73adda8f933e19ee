import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { MAX_FRAME_BYTES } from '@siteops/contracts/device-protocol';
import type { SimLink, SimLinkEvents } from './link.ts';

/** Protocol 1 over a WebSocket, with the protocol's frame limit and no compression. */
export class WsLink extends EventEmitter<SimLinkEvents> implements SimLink {
  readonly #ws: WebSocket;

  constructor(url: string) {
    super();
    const ws = (this.#ws = new WebSocket(url, {
      handshakeTimeout: 10_000,
      perMessageDeflate: false,
      maxPayload: MAX_FRAME_BYTES,
    }));
    ws.on('open', () => this.emit('open'));
    ws.on('message', (data, isBinary) => this.emit('message', bytesOf(data), isBinary));
    ws.on('error', (err) => this.emit('error', err));
    ws.on('close', (code, reason) => this.emit('close', code, reason.toString()));
  }

  get isOpen() {
    return this.#ws.readyState === WebSocket.OPEN;
  }

  get isClosed() {
    return this.#ws.readyState === WebSocket.CLOSED;
  }

  send(data: string | Uint8Array) {
    if (this.isOpen) this.#ws.send(data);
  }

  close(code: number, reason: string) {
    if (this.#ws.readyState === WebSocket.CONNECTING) this.#ws.terminate();
    else this.#ws.close(code, reason);
  }

  terminate() {
    this.#ws.terminate();
  }
}

function bytesOf(data: WebSocket.RawData): Buffer {
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
}
