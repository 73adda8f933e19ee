import WebSocket from 'ws';
import {
  CloseCode,
  MAX_FRAME_BYTES,
  PROTOCOL_VERSION,
  type AuthMessage,
  type DeviceType,
  type Versions,
} from '@siteops/contracts/device-protocol';

/** Open a WebSocket to the gateway with the protocol's frame limit and no compression. */
export function dialGateway(url: string): WebSocket {
  return new WebSocket(url, {
    handshakeTimeout: 10_000,
    perMessageDeflate: false,
    maxPayload: MAX_FRAME_BYTES,
  });
}

/** The first message on a new link: who the device is, proven by its licence's secret. */
export function authMessage(
  device: { sn: string; mac: string; type: DeviceType; versions: Versions },
  secret: string,
): AuthMessage {
  return {
    type: 'auth',
    protocol: PROTOCOL_VERSION,
    sn: device.sn,
    mac: device.mac,
    secret,
    deviceType: device.type,
    versions: device.versions,
  };
}

/** One received message as a single Buffer, whichever shape `ws` delivered it in. */
export function messageBytes(data: WebSocket.RawData): Buffer {
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
}

/**
 * Close with 1000 and wait for the close; a socket still connecting is cut, and one the server does
 * not close within a second is cut too, so that stopping never hangs.
 */
export async function closeGently(ws: WebSocket | undefined, reason: string): Promise<void> {
  if (!ws || ws.readyState === WebSocket.CLOSED) return;
  await new Promise<void>((resolve) => {
    const t = setTimeout(() => {
      ws.terminate();
      resolve();
    }, 1_000);
    ws.once('close', () => {
      clearTimeout(t);
      resolve();
    });
    if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
    else ws.close(CloseCode.normal, reason);
  });
}
