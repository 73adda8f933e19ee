import {
  CloseCode,
  PROTOCOL_VERSION,
  type AuthMessage,
  type DeviceType,
  type Versions,
} from '@siteops/contracts/device-protocol';
import type { SimLink } from './link.ts';
import { MqttLink } from './mqttLink.ts';
import { WsLink } from './wsLink.ts';

/** Dial the server: `ws(s)://…/gateway` over a WebSocket, `mqtt(s)://host:port` over MQTT. */
export function dialGateway(url: string, auth: AuthMessage): SimLink {
  return /^mqtts?:/.test(url) ? new MqttLink(url, auth) : new WsLink(url);
}

/** The server's HTTP base for a device's downloads (photos, firmware): given, or the WebSocket URL's. */
export const httpBaseOf = (url: string, httpUrl?: string) => {
  if (httpUrl) return httpUrl.replace(/\/+$/, '');
  const u = new URL(url);
  return `${u.protocol === 'wss:' ? 'https:' : 'http:'}//${u.host}`;
};

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

/**
 * Close with 1000 and wait for the close; a socket still connecting is cut, and one the server does
 * not close within a second is cut too, so that stopping never hangs.
 */
export async function closeGently(ws: SimLink | undefined, reason: string): Promise<void> {
  if (!ws || ws.isClosed) return;
  await new Promise<void>((resolve) => {
    const t = setTimeout(() => {
      ws.terminate();
      resolve();
    }, 1_000);
    ws.once('close', () => {
      clearTimeout(t);
      resolve();
    });
    ws.close(CloseCode.normal, reason);
  });
}
