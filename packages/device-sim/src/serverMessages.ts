import {
  FrameKind,
  decodeFrame,
  serverMessage,
  type DeviceMessageInput,
  type ServerMessage,
} from '@siteops/contracts/device-protocol';
import type { SimDevice } from './device.ts';
import type { SimShell } from './shell.ts';

/** What handling the server's messages needs of the device (SimDevice keeps these parts private). */
export interface InboxHost {
  readonly device: SimDevice;
  /** Open shell streams by id. */
  readonly shells: Map<string, SimShell>;
  log(message: string, extra?: Record<string, unknown>): void;
  send(message: DeviceMessageInput): boolean;
  /** `auth.ok`: the link is up. */
  linked(heartbeatSeconds: number, ip: string): void;
  rpc(id: string, method: string, params: unknown): void;
  /** `rpc.cancel`: the answer to `id` is no longer wanted. */
  cancelRpc(id: string): void;
  /** `event.ack`: the server has these events. */
  acknowledge(ids: string[]): void;
}

/** A text message from the server: JSON, checked against the protocol, then handled. */
export function onServerText(text: string, host: InboxHost) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return host.log('server sent malformed JSON');
  }
  const parsed = serverMessage.safeParse(json);
  if (!parsed.success) return host.log('server sent an unknown message', { json });
  onServerMessage(parsed.data, host);
}

function onServerMessage(msg: ServerMessage, host: InboxHost) {
  const { device, shells } = host;
  switch (msg.type) {
    case 'auth.ok':
      return host.linked(msg.heartbeatSeconds, msg.ip);
    case 'auth.refused':
      device.counters.refused++;
      device.lastRefusal = { reason: msg.reason, message: msg.message };
      host.log(`refused: ${msg.reason} (${msg.message})`);
      device.emit('refused', device.lastRefusal);
      return;
    case 'heartbeat.ack':
      return;
    case 'rpc':
      host.rpc(msg.id, msg.method, msg.params);
      return;
    case 'rpc.cancel':
      host.cancelRpc(msg.id);
      return;
    case 'shell.resize':
      shells.get(msg.streamId)?.resize(msg.cols, msg.rows);
      return;
    case 'shell.close': {
      const shell = shells.get(msg.streamId);
      shell?.close();
      shells.delete(msg.streamId);
      return;
    }
    case 'event.ack':
      host.acknowledge(msg.ids);
      return;
    case 'error':
      host.log(`server error ${msg.code}: ${msg.message}`);
      device.emit('serverError', { code: msg.code, message: msg.message, ref: msg.ref });
      return;
  }
}

/** A binary frame from the server: shell input for an open stream (any other stream is told to close). */
export function onServerFrame(buf: Buffer, host: InboxHost) {
  const frame = decodeFrame(buf);
  if (!frame || frame.kind !== FrameKind.shellData) return;
  const shell = host.shells.get(frame.id);
  if (shell) shell.input(Buffer.from(frame.payload));
  else host.send({ type: 'shell.close', streamId: frame.id, reason: 'unknown stream' });
}
