import { RELAY_TYPES } from '@siteops/contracts/device-protocol';
import { checkAiBoxConfig } from './aiBox.ts';
import type { RpcLink, RpcOutcome } from './rpc.ts';
import { handleWebRequest, type WebHost } from './web.ts';

// RPC handlers every device type shares: the camera picture, reboot, settings and the local web page.

export async function onSnapshot(p: Record<string, unknown>, { device }: RpcLink): Promise<RpcOutcome> {
  const width = Math.min(Number(p.width ?? 320), 1920);
  const height = Math.min(Number(p.height ?? 180), 1080);
  const jpeg = device.snapshot(width, height);
  return { result: { contentType: 'image/jpeg', width, height, size: jpeg.length }, data: jpeg };
}

export async function onReboot(p: Record<string, unknown>, link: RpcLink): Promise<RpcOutcome> {
  const now = Date.now();
  const delayMs = Number(p.delayMs ?? 1000);
  link.later(delayMs, () => link.reboot());
  return { result: { rebootAt: new Date(now + delayMs).toISOString() } };
}

export async function onConfigGet(p: Record<string, unknown>, { config }: RpcLink): Promise<RpcOutcome> {
  const keys = p.keys as string[] | undefined;
  const picked = keys ? Object.fromEntries(keys.filter((k) => k in config).map((k) => [k, config[k]])) : config;
  return { result: { config: { ...picked } } };
}

export async function onConfigSet(p: Record<string, unknown>, { device, config }: RpcLink): Promise<RpcOutcome> {
  if (device.type === 'aiBox') checkAiBoxConfig(config, p.config as Record<string, unknown>);
  const changed = device.setConfig(p.config as Record<string, unknown>);
  return { result: { config: { ...config }, changed } };
}

export async function onHttpRequest(p: Record<string, unknown>, link: RpcLink): Promise<RpcOutcome> {
  const res = handleWebRequest(webHost(link), {
    method: String(p.method),
    path: String(p.path),
    headers: (p.headers as Record<string, string>) ?? {},
    body: typeof p.bodyBase64 === 'string' ? Buffer.from(p.bodyBase64, 'base64') : undefined,
  });
  return {
    result: { status: res.status, headers: { ...res.headers, 'content-length': String(res.body.length) } },
    data: res.body,
  };
}

function webHost({ device, config, uptimeS }: RpcLink): WebHost {
  return {
    sn: device.sn,
    name: () => device.name,
    type: device.type,
    mac: device.mac,
    ip: () => device.ip || '192.168.1.20',
    uptimeS,
    versions: () => ({ ...device.versions }),
    latest: () => ({ ...device.model.latest }),
    config: () => ({ ...config }),
    setConfig: (patch) => void device.setConfig(patch),
    snapshot: () => device.snapshot(),
    ...((RELAY_TYPES as readonly string[]).includes(device.type) && {
      relays: () => Object.fromEntries([...device.relays].sort(([a], [b]) => a - b).map(([k, on]) => [String(k), on])),
    }),
  };
}
