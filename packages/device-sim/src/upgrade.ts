import { createHash, type Hash } from 'node:crypto';
import type { DeviceUpgradeFailure, UpgradeParams, UpgradeProgressState } from '@siteops/contracts/device-protocol';

/**
 * Ways a simulated device can be told to fail an upgrade (tests, demos, benchmarks):
 * - `corrupt`: the downloaded bytes are damaged, so the checksum does not match (`failed checksum`);
 * - `refuseInstall`: the installer refuses the package (`failed install`);
 * - `hang`: reports that it started downloading, then never says anything about the job again;
 * - `oldVersion`: reboots but comes back on the version it had;
 * - `cutDownload`: the download breaks at 40 % once and resumes with a Range request (it then succeeds);
 * - `breakDownload`: the download breaks at 40 % every time, so it gives up after five tries (`failed download`).
 */
export const UPGRADE_FAULTS = [
  'corrupt',
  'refuseInstall',
  'hang',
  'oldVersion',
  'cutDownload',
  'breakDownload',
] as const;
export type UpgradeFault = (typeof UPGRADE_FAULTS)[number];

export interface UpgradeHost {
  /** `ws(s)://host/gateway`: relative download URLs are resolved against its http(s) form. */
  gatewayUrl: string;
  fault(): UpgradeFault | undefined;
  report(progress: {
    state: UpgradeProgressState;
    percent?: number;
    reason?: DeviceUpgradeFailure;
    message?: string;
  }): void;
  /** Installed: reboot, into `version` (or the version the device had, when undefined). */
  reboot(version: string | undefined): void;
  log(message: string): void;
}

const ALGORITHM = { MD5: 'md5', SHA1: 'sha1', SHA256: 'sha256' } as const;
const MAX_TRIES = 5;

class Cancelled extends Error {}

/**
 * One upgrade job on a simulated device: download with HTTP Range (an interrupted download resumes
 * where it stopped, hashing as it goes, so nothing is kept in memory), verify the checksum, "install",
 * reboot. Progress goes to the server as `upgrade.progress` (docs/device-protocol.md 5.3).
 */
export class SimUpgrade {
  /** The first byte asked for by each request: more than one entry means the download resumed. */
  readonly rangeStarts: number[] = [];
  #abort = new AbortController();

  constructor(
    readonly params: UpgradeParams,
    private readonly host: UpgradeHost,
  ) {}

  get jobId() {
    return this.params.jobId;
  }

  /** Stop working on it (a newer job replaced it, or the device stopped). */
  cancel() {
    this.#abort.abort();
  }

  async run() {
    try {
      if (this.host.fault() === 'hang') {
        this.#report('downloading', { percent: 0 });
        return;
      }
      const hash = await this.#download();
      this.#report('verifying');
      if (this.host.fault() === 'corrupt') hash.update(Buffer.from([0xff]));
      const sum = hash.digest('hex');
      if (sum !== this.params.checkSum) {
        return this.#fail(
          'checksum',
          `${this.params.checkType} of the download is ${sum}, expected ${this.params.checkSum}`,
        );
      }
      this.#report('installing');
      await this.#sleep(50);
      if (this.host.fault() === 'refuseInstall') {
        return this.#fail('install', 'the installer refused the package: not signed for this board');
      }
      this.#report('rebooting');
      await this.#sleep(20);
      this.host.reboot(this.host.fault() === 'oldVersion' ? undefined : this.params.version);
    } catch (err) {
      if (err instanceof Cancelled || this.#abort.signal.aborted) return;
      this.#fail('download', err instanceof Error ? err.message : String(err));
    }
  }

  #report(state: UpgradeProgressState, extra: { percent?: number } = {}) {
    if (!this.#abort.signal.aborted) this.host.report({ state, ...extra });
  }

  #fail(reason: DeviceUpgradeFailure, message: string) {
    this.host.log(`upgrade ${this.jobId} failed (${reason}): ${message}`);
    if (!this.#abort.signal.aborted) this.host.report({ state: 'failed', reason, message: message.slice(0, 500) });
  }

  #sleep(ms: number) {
    return new Promise<void>((resolve, reject) => {
      if (this.#abort.signal.aborted) return reject(new Cancelled());
      const t = setTimeout(resolve, ms);
      this.#abort.signal.addEventListener('abort', () => (clearTimeout(t), reject(new Cancelled())), { once: true });
    });
  }

  /** The whole file through the hash, resuming with `Range: bytes=<have>-` after a break. */
  async #download(): Promise<Hash> {
    const { size } = this.params;
    const url = new URL(this.params.url, this.host.gatewayUrl.replace(/^ws(s?):/, 'http$1:'));
    let hash = createHash(ALGORITHM[this.params.checkType]);
    let have = 0;
    const cuts = this.host.fault();
    let cutAt = cuts === 'cutDownload' || cuts === 'breakDownload' ? Math.floor(size * 0.4) : Infinity;
    let reported = -1;
    let failures = 0;
    const progress = () => {
      const tenth = Math.floor((have * 10) / size);
      if (tenth !== reported) {
        reported = tenth;
        this.#report('downloading', { percent: tenth * 10 });
      }
    };
    progress();
    while (have < size) {
      if (this.#abort.signal.aborted) throw new Cancelled();
      try {
        this.rangeStarts.push(have);
        const res = await fetch(url, {
          headers: have > 0 ? { range: `bytes=${have}-` } : {},
          signal: this.#abort.signal,
        });
        if (have > 0 && res.status === 200) {
          // The server ignored the range: start again from the first byte.
          hash = createHash(ALGORITHM[this.params.checkType]);
          have = 0;
        } else if (!res.ok) {
          await res.body?.cancel();
          throw Object.assign(new Error(`download answered HTTP ${res.status}`), { final: res.status < 500 });
        }
        const reader = res.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          let chunk = value;
          if (have + chunk.length > size) chunk = chunk.subarray(0, size - have);
          if (have + chunk.length >= cutAt) {
            chunk = chunk.subarray(0, cutAt - have);
            hash.update(chunk);
            have += chunk.length;
            if (cuts !== 'breakDownload') cutAt = Infinity;
            await reader.cancel();
            throw new Error('connection lost');
          }
          hash.update(chunk);
          have += chunk.length;
          progress();
        }
        if (have < size) throw new Error(`download ended after ${have} of ${size} bytes`);
      } catch (err) {
        if (this.#abort.signal.aborted) throw new Cancelled();
        if ((err as { final?: boolean }).final || ++failures >= MAX_TRIES) throw err;
        this.host.log(`download interrupted at ${have} bytes (${(err as Error).message}); resuming`);
        await this.#sleep(100 * failures);
      }
    }
    return hash;
  }
}
