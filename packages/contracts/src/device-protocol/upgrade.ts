import { z } from 'zod';
import { text } from '../shared/text.ts';

/**
 * Firmware upgrade over the device link (docs/device-protocol.md 5.3): the server sends the `upgrade`
 * RPC (a signed, short-lived download URL, the size, the checksum and its type, the target version);
 * the device answers at once that it took the job, then reports `upgrade.progress` as it downloads
 * (with Range, resuming), verifies, installs and reboots. The server counts the upgrade done only
 * when the device dials in again after its reboot and reports the target version in `auth.versions`.
 */

const UPGRADE_CHECK_TYPES = ['MD5', 'SHA1', 'SHA256'] as const;

/** The `upgrade` RPC's params. */
export const upgradeParams = z.object({
  /** This attempt's id: echo it in every `upgrade.progress`. A new `upgrade` replaces the one under way. */
  jobId: text().min(1).max(64),
  /**
   * Where to download the package: a path on the server the device dialled (same host and port, `http`
   * for `ws`, `https` for `wss`), or an absolute URL. Signed and short-lived; supports `Range`.
   */
  url: text().min(1).max(2048),
  /** Bytes. */
  size: z.number().int().positive(),
  checkType: z.enum(UPGRADE_CHECK_TYPES),
  /** Lower-case hex digest of the whole file of `checkType`. */
  checkSum: text().regex(/^[0-9a-f]{32,64}$/),
  /** The firmware version the device runs once the package is installed (`auth.versions.version`). */
  version: text().min(1).max(64),
});
export type UpgradeParams = z.infer<typeof upgradeParams>;
export const upgradeResult = z.object({ jobId: text().max(64) });

/** What a device reports about an upgrade job, in order; `failed` ends it. */
const UPGRADE_PROGRESS_STATES = ['downloading', 'verifying', 'installing', 'rebooting', 'failed'] as const;
export type UpgradeProgressState = (typeof UPGRADE_PROGRESS_STATES)[number];

/** Why a device gave up an upgrade (`upgrade.progress` state `failed`). */
const DEVICE_UPGRADE_FAILURES = {
  /** The download failed (HTTP error, connection lost for good, URL expired, disk full). */
  download: 'the download failed',
  /** The downloaded file does not have the checksum it was given. */
  checksum: 'the checksum of the download does not match',
  /** The device refused or failed to install the package. */
  install: 'the device refused or failed to install it',
} as const;
export type DeviceUpgradeFailure = keyof typeof DEVICE_UPGRADE_FAILURES;

export const upgradeProgressMessage = z.object({
  type: z.literal('upgrade.progress'),
  jobId: text().min(1).max(64),
  state: z.enum(UPGRADE_PROGRESS_STATES),
  /** With `downloading`: 0-100. */
  percent: z.number().int().min(0).max(100).optional(),
  /** With `failed`. */
  reason: z.enum(Object.keys(DEVICE_UPGRADE_FAILURES) as [DeviceUpgradeFailure, ...DeviceUpgradeFailure[]]).optional(),
  /** Free text for people (with `failed`): what went wrong. */
  message: text().max(500).optional(),
});
export type UpgradeProgressMessage = z.infer<typeof upgradeProgressMessage>;
