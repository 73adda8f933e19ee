import { createHash, timingSafeEqual } from 'node:crypto';
import { eq, type SQL } from 'drizzle-orm';
import { normalizeMac, type DeviceType } from '@siteops/contracts/device-protocol';
import type { Db } from '../db/client.ts';
import { devices } from '../db/schema/index.ts';
import { secretMatches } from '../crypto/deviceSecret.ts';
import type { AuthMeta, AuthResult, DeviceDirectory } from './index.ts';

/** A refusal worth a person's attention (the device link's module notifies admins of it). */
export interface Refusal {
  sn: string;
  mac: string;
  /** First contact of a serial number the registry did not know: it now waits for authorisation. */
  firstContact?: boolean;
  /** `hj212UnknownMn`: an HJ 212 monitor whose MN no device has (`sn` is then the MN); `hj212BadPw`: its PW is wrong. */
  reason?: 'badSecret' | 'expired' | 'mismatch' | 'hj212UnknownMn' | 'hj212BadPw';
  deviceName?: string | null;
  agentId?: number | null;
}

/** Constant-time comparison of two short texts (an HJ 212 password). */
function equalText(a: string, b: string): boolean {
  const x = createHash('sha256').update(a, 'utf8').digest();
  const y = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(x, y);
}

/**
 * Who may link, from the devices table (the registry owns its rows; the grant endpoint writes
 * `secret_hash` and `licence_expires_at`). The order of the checks is the protocol's (section 1.1).
 */
export class DbDeviceDirectory implements DeviceDirectory {
  constructor(
    private readonly db: Db,
    /** Told of refusals a person can act on (refusals.ts); not awaited by the handshake. */
    private readonly onRefused: (r: Refusal) => void = () => {},
    /** The stored HJ 212 password (`devices.hj212_pw`, encrypted) in clear; absent: HJ 212 links are refused. */
    private readonly hj212Pw?: (stored: string) => string,
  ) {}

  /** The device a handshake names (by SN, or by MN for HJ 212), with what the handshake's checks read. */
  private async deviceOf(where: SQL) {
    const [row] = await this.db
      .select({
        id: devices.id,
        sn: devices.sn,
        type: devices.type,
        mac: devices.mac,
        authStatus: devices.authStatus,
        allow: devices.allow,
        secretHash: devices.secretHash,
        hj212Pw: devices.hj212Pw,
        licenceExpiresAt: devices.licenceExpiresAt,
        devName: devices.devName,
        agentId: devices.agentId,
      })
      .from(devices)
      .where(where)
      .limit(1);
    return row;
  }

  async authenticateHj212(mn: string, pw: string, _meta: { ip: string }): Promise<AuthResult> {
    const row = await this.deviceOf(eq(devices.hj212Mn, mn));
    if (!row) {
      this.onRefused({ sn: mn, mac: '', reason: 'hj212UnknownMn', deviceName: `MN ${mn}` });
      return { ok: false, reason: 'unknown', message: 'No device has this MN' };
    }
    if (row.authStatus === 'unknown') return { ok: false, reason: 'unknown' };
    if (row.authStatus === 'forbidden' || !row.allow) return { ok: false, reason: 'forbidden' };
    const refuse = (reason: 'hj212BadPw' | 'expired' | 'mismatch', as: 'badSecret' | 'expired' | 'mismatch') => {
      const who = { sn: row.sn, mac: row.mac ?? '', deviceName: row.devName, agentId: row.agentId };
      this.onRefused({ ...who, reason });
      return { ok: false as const, reason: as };
    };
    if (!row.hj212Pw || !this.hj212Pw || !equalText(this.hj212Pw(row.hj212Pw), pw)) {
      return refuse('hj212BadPw', 'badSecret');
    }
    if (row.licenceExpiresAt && row.licenceExpiresAt.getTime() <= Date.now()) return refuse('expired', 'expired');
    if (row.type !== 'dust') return refuse('mismatch', 'mismatch');
    return { ok: true, deviceId: row.id, type: 'dust', licenceExpiresAt: row.licenceExpiresAt };
  }

  async authenticate(sn: string, mac: string, secret: string, meta: AuthMeta): Promise<AuthResult> {
    const row = await this.deviceOf(eq(devices.sn, sn));
    if (!row) {
      // Recorded for an admin to authorise. A MAC already used by another row is not recorded twice.
      const [recorded] = await this.db
        .insert(devices)
        .values({
          sn,
          mac: normalizeMac(mac),
          type: meta.type,
          ip: meta.ip,
          frpcVer: meta.versions.frpcVer,
          devVer: meta.versions.devVer,
          version: meta.versions.version,
          authStatus: 'unknown',
          onlineStatus: 'offline',
        })
        .onConflictDoNothing()
        .returning({ id: devices.id });
      if (recorded) this.onRefused({ sn, mac: normalizeMac(mac), firstContact: true });
      return { ok: false, reason: 'unknown' };
    }
    if (row.authStatus === 'unknown') return { ok: false, reason: 'unknown' };
    if (row.authStatus === 'forbidden' || !row.allow) return { ok: false, reason: 'forbidden' };
    const refuse = (reason: 'badSecret' | 'expired' | 'mismatch'): AuthResult => {
      this.onRefused({ sn, mac: normalizeMac(mac), reason, deviceName: row.devName, agentId: row.agentId });
      return { ok: false, reason };
    };
    if (!secretMatches(secret, row.secretHash)) return refuse('badSecret');
    if (row.licenceExpiresAt && row.licenceExpiresAt.getTime() <= Date.now()) return refuse('expired');
    if ((row.mac && row.mac !== normalizeMac(mac)) || row.type !== meta.type) return refuse('mismatch');
    return { ok: true, deviceId: row.id, type: row.type as DeviceType, licenceExpiresAt: row.licenceExpiresAt };
  }
}
