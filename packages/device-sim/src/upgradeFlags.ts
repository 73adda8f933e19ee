import type { UpgradeFault } from './upgrade.ts';

/** The step `--upgrade-fail STEP` names, and the fault (upgrade.ts) that makes a device fail there. */
export const UPGRADE_FAIL_STEPS = {
  /** The download breaks at 40 % on every try: `failed download`. */
  download: 'breakDownload',
  /** The downloaded bytes are damaged: `failed checksum`. */
  verify: 'corrupt',
  /** The installer refuses the package: `failed install`. */
  install: 'refuseInstall',
  /** It reboots but comes back on the version it had: the server fails it `wrongVersion`. */
  reboot: 'oldVersion',
} as const satisfies Record<string, UpgradeFault>;

export const UPGRADE_FLAGS_HELP = `Firmware upgrade faults (for testing rollouts; at most one):
  --upgrade-fail STEP    fail every upgrade at STEP: download (breaks at 40 % on every try, gives up),
                         verify (corrupt download, checksum mismatch), install (installer refuses),
                         reboot (comes back on the old version: a wrong version after the reboot)
  --upgrade-hang         report downloading, then never a word more (the server's step timeout fails it)
  --upgrade-interrupt    the download breaks at 40 % once and resumes with a Range request (succeeds)
  --upgrade-faulty N     only the first N devices have the fault (default: all)`;

export interface UpgradeFlagValues {
  'upgrade-fail'?: string;
  'upgrade-hang'?: boolean;
  'upgrade-interrupt'?: boolean;
  'upgrade-faulty'?: string;
}

/** The parseArgs options for {@link UpgradeFlagValues}. */
export const UPGRADE_FLAG_OPTIONS = {
  'upgrade-fail': { type: 'string' },
  'upgrade-hang': { type: 'boolean' },
  'upgrade-interrupt': { type: 'boolean' },
  'upgrade-faulty': { type: 'string' },
} as const;

/**
 * The upgrade fault the flags ask for and how many devices get it (undefined: all). Throws a message
 * for the user on an unknown step, two faults at once, or a count that is not a whole number >= 0.
 */
export function parseUpgradeFlags(v: UpgradeFlagValues): { fault?: UpgradeFault; faulty?: number } {
  const chosen: UpgradeFault[] = [];
  if (v['upgrade-fail'] !== undefined) {
    const step = v['upgrade-fail'];
    if (!Object.hasOwn(UPGRADE_FAIL_STEPS, step)) {
      throw new Error(`--upgrade-fail must be one of ${Object.keys(UPGRADE_FAIL_STEPS).join(', ')} (got "${step}")`);
    }
    chosen.push(UPGRADE_FAIL_STEPS[step as keyof typeof UPGRADE_FAIL_STEPS]);
  }
  if (v['upgrade-hang']) chosen.push('hang');
  if (v['upgrade-interrupt']) chosen.push('cutDownload');
  if (chosen.length > 1) throw new Error('give at most one of --upgrade-fail, --upgrade-hang and --upgrade-interrupt');
  let faulty: number | undefined;
  if (v['upgrade-faulty'] !== undefined) {
    faulty = Number(v['upgrade-faulty']);
    if (!/^\d+$/.test(v['upgrade-faulty'])) throw new Error('--upgrade-faulty must be a whole number >= 0');
    if (chosen.length === 0)
      throw new Error('--upgrade-faulty needs --upgrade-fail, --upgrade-hang or --upgrade-interrupt');
  }
  return { fault: chosen[0], faulty };
}
