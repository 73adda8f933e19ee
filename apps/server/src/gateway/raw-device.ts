import WebSocket from 'ws';
import type { DeviceType, ServerMessage } from '@siteops/contracts/device-protocol';
import { until } from './testkit.ts';

/**
 * A device speaking the protocol by hand, message by message, for tests that need exact orders the
 * simulator does not produce (a resend on a new link before the old one's ack, a flood, a backlog).
 */
export interface RawDevice {
  ws: WebSocket;
  received: ServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  send(message: object | string): void;
  /** Resolves with the first message received (from the start) that matches. */
  next<T extends ServerMessage['type']>(
    type: T,
    where?: (m: Extract<ServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ServerMessage, { type: T }>>;
}

export async function rawDevice(
  url: string,
  d: { sn: string; mac: string; secret: string; type: DeviceType },
): Promise<RawDevice> {
  const ws = new WebSocket(url);
  const received: ServerMessage[] = [];
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    received.push(JSON.parse(data.toString()) as ServerMessage);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('error', () => {});
  const device: RawDevice = {
    ws,
    received,
    closed,
    send(message) {
      ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    next(type, where = () => true, timeoutMs = 2_000) {
      type M = Extract<ServerMessage, { type: typeof type }>;
      return until(() => received.find((m): m is M => m.type === type && where(m as M)), timeoutMs, `${d.sn}: ${type}`);
    },
  };
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  device.send({ type: 'auth', protocol: 1, sn: d.sn, mac: d.mac, secret: d.secret, deviceType: d.type, versions: {} });
  await device.next('auth.ok');
  return device;
}
