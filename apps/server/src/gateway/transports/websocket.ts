import { WebSocket, type RawData } from 'ws';
import type { ServerMessage } from '@siteops/contracts/device-protocol';
import type { LinkInput, LinkTransport } from './transport.ts';

/** Protocol 1: one device WebSocket; JSON messages in text frames, binary frames as they are. */
export class WebSocketTransport implements LinkTransport {
  readonly kind = 'ws';

  constructor(private readonly socket: WebSocket) {}

  get writable() {
    return this.socket.readyState === WebSocket.OPEN;
  }

  send(message: ServerMessage) {
    if (this.writable) this.socket.send(JSON.stringify(message));
  }

  sendFrame(frame: Uint8Array) {
    if (this.writable) this.socket.send(frame);
  }

  /** Close with a code, and cut the TCP connection if the peer does not complete the close handshake. */
  close(code: number, reason: string) {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    try {
      this.socket.close(code, reason);
    } catch {
      this.socket.terminate();
      return;
    }
    setTimeout(() => this.socket.terminate(), 2_000).unref();
  }

  /** Feed the socket's traffic to the gateway. */
  bind(input: LinkInput, onError: (err: Error) => void) {
    this.socket.on('message', (raw: RawData, isBinary: boolean) => {
      const data = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
      if (isBinary) input.frame(data);
      else input.text(data);
    });
    this.socket.on('error', onError);
    this.socket.on('close', () => input.closed());
  }
}
