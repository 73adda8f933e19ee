import {
  FrameKind,
  RPC_METHODS,
  encodeFrame,
  type DeviceMessageInput,
  type RpcMethodDef,
} from '@siteops/contracts/device-protocol';
import { SimRefusal } from './aiBox.ts';
import type { SimDevice } from './device.ts';
import type { SimEventSpec } from './model.ts';
import { onBroadcastPlay } from './rpcBroadcast.ts';
import { onOpenDoor, onPersonsAdd, onPersonsList, onPersonsRemove } from './rpcGate.ts';
import { onRelaySet } from './rpcRelay.ts';
import { onShellOpen } from './rpcShell.ts';
import { onConfigGet, onConfigSet, onHttpRequest, onReboot, onSnapshot } from './rpcSystem.ts';
import { onUpgrade } from './rpcUpgrade.ts';
import type { SimShell } from './shell.ts';

const DATA_CHUNK = 256 * 1024;

/**
 * What an RPC handler may use of its device: the device's public face plus the private parts the
 * handlers need, bound to the link the RPC came on (SimDevice keeps those parts private).
 */
export interface RpcLink {
  readonly device: SimDevice;
  /** The device's live settings (change them through `device.setConfig`). */
  readonly config: Record<string, unknown>;
  /** Open shell streams by id. */
  readonly shells: Map<string, SimShell>;
  readonly gatewayUrl: string;
  readonly pingIntervalMs?: number;
  uptimeS(): number;
  /** Run `fn` after `ms` unless the device stops, is killed or freezes first. */
  later(ms: number, fn: () => void): void;
  /** Send an event now (kept until the server acknowledges it). Answers its id. */
  queueEvent(spec: SimEventSpec): string;
  /** Send a message on the device's current link. */
  send(message: DeviceMessageInput): boolean;
  /** Send on the link this RPC came on (nothing once that link has closed). */
  sendRaw(data: string | Uint8Array): void;
  /** The link this RPC came on is still the device's link. */
  isCurrent(): boolean;
  /** Close the link this RPC came on, if still current, so that the device comes back after a reboot. */
  reboot(): void;
  /** Take `version` (when given) and reboot over the device's current link, as a finished upgrade does. */
  rebootAfterUpgrade(version?: string): void;
  /** The answer to RPC `id` is still wanted: not cancelled, link still current, device not frozen. */
  mayAnswer(id: string): boolean;
  log(message: string): void;
}

export interface RpcOutcome {
  result: unknown;
  /** Sent as rpcData frames before the result. */
  data?: Buffer;
}

type RpcHandler = (params: Record<string, unknown>, link: RpcLink) => Promise<RpcOutcome>;

const HANDLERS = new Map<string, RpcHandler>([
  ['snapshot', onSnapshot],
  ['openDoor', onOpenDoor],
  ['reboot', onReboot],
  ['config.get', onConfigGet],
  ['config.set', onConfigSet],
  ['shell.open', onShellOpen],
  ['http.request', onHttpRequest],
  ['persons.add', onPersonsAdd],
  ['persons.remove', onPersonsRemove],
  ['persons.list', onPersonsList],
  ['broadcast.play', onBroadcastPlay],
  ['upgrade', onUpgrade],
  ['relay.set', onRelaySet],
]);

/** Check the method and its params against the protocol, run its handler and answer the server. */
export async function serveRpc(link: RpcLink, id: string, method: string, params: unknown) {
  const { device } = link;
  const answer = (body: { result: unknown } | { error: { code: string; message: string } }, data?: Buffer) => {
    if (!link.mayAnswer(id)) return;
    if (data) {
      for (let off = 0; off < data.length || off === 0; off += DATA_CHUNK) {
        link.sendRaw(encodeFrame(FrameKind.rpcData, id, data.subarray(off, off + DATA_CHUNK)));
        if (data.length === 0) break;
      }
    }
    link.sendRaw(JSON.stringify({ type: 'rpc.result', id, ...body }));
  };
  const def = (RPC_METHODS as Record<string, RpcMethodDef>)[method];
  if (!def || !def.types.includes(device.type)) {
    return answer({ error: { code: 'unsupported', message: `A ${device.type} device has no ${method}` } });
  }
  const parsed = def.params.safeParse(params ?? {});
  if (!parsed.success) {
    return answer({ error: { code: 'badParams', message: parsed.error.issues[0]?.message ?? 'invalid params' } });
  }
  try {
    const handler = HANDLERS.get(method);
    if (!handler) throw new Error(`${method} is not implemented`);
    const { result, data } = await handler(parsed.data as Record<string, unknown>, link);
    answer({ result }, data);
  } catch (err) {
    const code = err instanceof SimRefusal ? err.code : 'failed';
    answer({ error: { code, message: err instanceof Error ? err.message : String(err) } });
  }
}
