import type { UpgradeParams } from '@siteops/contracts/device-protocol';
import type { RpcLink, RpcOutcome } from './rpc.ts';
import { SimUpgrade } from './upgrade.ts';

/** `upgrade`: a new job replaces the one under way; it starts once the RPC is answered. */
export async function onUpgrade(p: Record<string, unknown>, link: RpcLink): Promise<RpcOutcome> {
  const params = p as UpgradeParams;
  const { device } = link;
  device.lastUpgrade?.cancel();
  const job = new SimUpgrade(params, {
    gatewayUrl: link.gatewayUrl,
    fault: () => device.upgradeFault,
    report: (progress) => link.send({ type: 'upgrade.progress', jobId: params.jobId, ...progress }),
    reboot: (version) => link.rebootAfterUpgrade(version),
    log: (message) => link.log(message),
  });
  device.lastUpgrade = job;
  setImmediate(() => void job.run());
  return { result: { jobId: params.jobId } };
}
