import { FrameKind, encodeFrame } from '@siteops/contracts/device-protocol';
import type { RpcLink, RpcOutcome } from './rpc.ts';
import { SimShell } from './shell.ts';

const SHELL_CHUNK = 16 * 1024;

/** `shell.open`: a terminal session whose output goes back as shellData frames on the RPC's link. */
export async function onShellOpen(p: Record<string, unknown>, link: RpcLink): Promise<RpcOutcome> {
  const { device, config, shells } = link;
  const streamId = String(p.streamId);
  const shell = new SimShell(
    {
      sn: device.sn,
      name: device.name,
      type: device.type,
      mac: device.mac,
      ip: () => device.ip || '192.168.1.20',
      uptimeS: link.uptimeS,
      config: () => ({ ...config }),
      versions: () => ({ ...device.versions }),
      latest: () => ({ ...device.model.latest }),
      pingIntervalMs: link.pingIntervalMs,
    },
    (text) => {
      const bytes = Buffer.from(text, 'utf8');
      for (let off = 0; off < bytes.length; off += SHELL_CHUNK) {
        link.sendRaw(encodeFrame(FrameKind.shellData, streamId, bytes.subarray(off, off + SHELL_CHUNK)));
      }
    },
    (reason) => {
      shells.delete(streamId);
      if (link.isCurrent()) link.sendRaw(JSON.stringify({ type: 'shell.close', streamId, reason }));
    },
    { cols: Number(p.cols), rows: Number(p.rows) },
  );
  // The banner and prompt were written in the constructor, before the result: that is fine, the
  // server registered the stream before it sent shell.open.
  shells.set(streamId, shell);
  return { result: { streamId } };
}
