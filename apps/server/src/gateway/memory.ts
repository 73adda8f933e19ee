import { normalizeMac, type DeviceType, type TelemetryData } from '@siteops/contracts/device-protocol';
import { mergeLatest } from './batches.ts';
import type {
  AuthMeta,
  AuthResult,
  DeviceDirectory,
  DeviceEventRecord,
  DeviceId,
  PresenceRecord,
  PresenceSink,
  TelemetryBatch,
  TelemetryPoint,
  TelemetrySink,
} from './types.ts';

// The test double hashes secrets exactly as the devices table does: one implementation, in crypto/.
export { hashDeviceSecret, secretMatches } from '../crypto/deviceSecret.ts';
import { hashDeviceSecret, secretMatches } from '../crypto/deviceSecret.ts';

export interface MemoryDevice {
  id: DeviceId;
  sn: string;
  mac: string;
  type: DeviceType;
  authStatus: 'authorize' | 'forbidden' | 'unknown';
  allow: boolean;
  secretHash: string | null;
  licenceExpiresAt: Date | null;
  ip?: string;
  versions?: AuthMeta['versions'];
  /** An HJ 212 monitor's MN and access password (clear: a test double). */
  hj212?: { mn: string; pw: string };
}

/** The devices table in memory, with the same rules the database implementation follows. For tests and the benchmark. */
export class MemoryDirectory implements DeviceDirectory {
  readonly devices = new Map<string, MemoryDevice>();
  #nextId = 1;

  /** Register (authorise) a device; answers its id. */
  add(d: {
    sn: string;
    mac: string;
    type: DeviceType;
    secret?: string;
    authStatus?: MemoryDevice['authStatus'];
    allow?: boolean;
    licenceExpiresAt?: Date | null;
  }): MemoryDevice {
    const device: MemoryDevice = {
      id: this.#nextId++,
      sn: d.sn,
      mac: normalizeMac(d.mac),
      type: d.type,
      authStatus: d.authStatus ?? 'authorize',
      allow: d.allow ?? true,
      secretHash: d.secret ? hashDeviceSecret(d.secret) : null,
      licenceExpiresAt: d.licenceExpiresAt ?? null,
    };
    this.devices.set(d.sn, device);
    return device;
  }

  get(sn: string) {
    return this.devices.get(sn);
  }

  async authenticateHj212(mn: string, pw: string, meta: { ip: string }): Promise<AuthResult> {
    const device = [...this.devices.values()].find((d) => d.hj212?.mn === mn);
    if (!device) return { ok: false, reason: 'unknown' };
    if (device.authStatus === 'unknown') return { ok: false, reason: 'unknown' };
    if (device.authStatus === 'forbidden' || !device.allow) return { ok: false, reason: 'forbidden' };
    if (device.hj212?.pw !== pw) return { ok: false, reason: 'badSecret' };
    if (device.licenceExpiresAt && device.licenceExpiresAt.getTime() <= Date.now()) {
      return { ok: false, reason: 'expired' };
    }
    if (device.type !== 'dust') return { ok: false, reason: 'mismatch' };
    device.ip = meta.ip;
    return { ok: true, deviceId: device.id, type: device.type, licenceExpiresAt: device.licenceExpiresAt };
  }

  async authenticate(sn: string, mac: string, secret: string, meta: AuthMeta): Promise<AuthResult> {
    let device = this.devices.get(sn);
    if (!device) {
      device = this.add({ sn, mac, type: meta.type, authStatus: 'unknown' });
      device.ip = meta.ip;
      device.versions = meta.versions;
      return { ok: false, reason: 'unknown' };
    }
    if (device.authStatus === 'unknown') return { ok: false, reason: 'unknown' };
    if (device.authStatus === 'forbidden' || !device.allow) return { ok: false, reason: 'forbidden' };
    if (!secretMatches(secret, device.secretHash)) return { ok: false, reason: 'badSecret' };
    if (device.licenceExpiresAt && device.licenceExpiresAt.getTime() <= Date.now()) {
      return { ok: false, reason: 'expired' };
    }
    if (device.mac !== normalizeMac(mac) || device.type !== meta.type) return { ok: false, reason: 'mismatch' };
    device.ip = meta.ip;
    device.versions = meta.versions;
    return { ok: true, deviceId: device.id, type: device.type, licenceExpiresAt: device.licenceExpiresAt };
  }
}

/** Presence in memory: the latest record per device, and every batch as it came (tests count them). */
export class MemoryPresenceSink implements PresenceSink {
  readonly state = new Map<DeviceId, PresenceRecord>();
  readonly batches: PresenceRecord[][] = [];

  async flush(batch: PresenceRecord[]) {
    this.batches.push(batch);
    for (const r of batch) this.state.set(r.deviceId, r);
  }
}

/** Readings and events in memory, bounded. */
export class MemoryTelemetrySink implements TelemetrySink {
  readonly latest = new Map<DeviceId, { at: Date; data: TelemetryData; times: Record<string, number> }>();
  readonly points: TelemetryPoint[] = [];
  readonly events = new Map<string, DeviceEventRecord>();
  flushes = 0;

  constructor(private readonly maxPoints = 100_000) {}

  async flush(batch: TelemetryBatch) {
    this.flushes++;
    for (const l of batch.latest) {
      const prev = this.latest.get(l.deviceId);
      if (prev) mergeLatest(prev, l);
      else this.latest.set(l.deviceId, { at: l.at, data: { ...l.data }, times: { ...l.times } });
    }
    this.points.push(...batch.points);
    if (this.points.length > this.maxPoints) this.points.splice(0, this.points.length - this.maxPoints);
    for (const e of batch.events) if (!this.events.has(e.id)) this.events.set(e.id, e);
  }
}
