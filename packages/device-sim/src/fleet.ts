import { createHash } from 'node:crypto';
import { DEVICE_TYPES, type DeviceType, type RefuseReason } from '@siteops/contracts/device-protocol';
import { SimDevice, type SimCounters, type SimDeviceOptions, type SimState } from './device.ts';

/** Four letters per type, used in generated serial numbers (SIMDUST000001). */
export const TYPE_CODES: Record<DeviceType, string> = {
  face: 'FACE',
  dust: 'DUST',
  broadcast: 'BCST',
  aiBox: 'AIBX',
  towerCrane: 'TCRN',
  elevator: 'ELEV',
  towerElevatorFace: 'TEFC',
  plate: 'PLAT',
  gateway: 'GTWY',
};

/** A deterministic, locally administered MAC (02:...) for a serial number. */
export function macFor(sn: string): string {
  const h = createHash('sha256').update(sn).digest();
  return ['02', ...[...h.subarray(0, 5)].map((b) => b.toString(16).padStart(2, '0'))].join(':').toUpperCase();
}

/** The n-th (from 1) simulated device of a type: `${prefix}${CODE}${n, 6 digits}`. */
export function simIdentity(prefix: string, type: DeviceType, n: number) {
  const sn = `${prefix}${TYPE_CODES[type]}${String(n).padStart(6, '0')}`;
  return { sn, mac: macFor(sn), type };
}

/** `all` or a comma list of types. */
export function parseTypes(spec: string): DeviceType[] {
  if (spec === 'all') return [...DEVICE_TYPES];
  const types = spec
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const bad = types.filter((t) => !(DEVICE_TYPES as readonly string[]).includes(t));
  if (bad.length || types.length === 0) {
    throw new Error(`unknown device type ${bad.join(', ') || '(none)'}; use all or some of ${DEVICE_TYPES.join(', ')}`);
  }
  return types as DeviceType[];
}

export interface FleetDevice {
  sn: string;
  mac: string;
  secret: string;
  type: DeviceType;
  name?: string;
  /** This device's own server address (a mixed fleet: some over MQTT, the rest over the fleet's URL). */
  url?: string;
}

export type FleetOptions = Omit<SimDeviceOptions, 'sn' | 'mac' | 'secret' | 'type' | 'name' | 'autoStart'> & {
  devices: FleetDevice[];
  /** New connections per second while starting (a reconnect storm is what servers die of). Default 200. */
  connectRate?: number;
};

/** The device counters a fleet's stats add up (links and refusals it counts by state instead). */
const SUMMED = [
  'connects',
  'messagesOut',
  'messagesIn',
  'heartbeats',
  'telemetry',
  'events',
  'eventsAcked',
  'rpcs',
] as const;

export interface FleetStats extends Pick<SimCounters, (typeof SUMMED)[number]> {
  total: number;
  states: Record<SimState, number>;
  refused: Partial<Record<RefuseReason, number>>;
}

/** Many simulated devices in one process, started at a bounded rate. */
export class SimFleet {
  readonly devices: SimDevice[];
  #starter?: NodeJS.Timeout;

  constructor(private readonly opts: FleetOptions) {
    const { devices, connectRate: _rate, ...common } = opts;
    this.devices = devices.map((d) => new SimDevice({ ...common, ...d, autoStart: false }));
  }

  /** Resolves once every device has been started (not necessarily linked). */
  start(): Promise<void> {
    const rate = Math.max(1, this.opts.connectRate ?? 200);
    const perTick = Math.max(1, Math.round(rate / 20));
    let next = 0;
    return new Promise((resolve) => {
      const step = () => {
        for (let i = 0; i < perTick && next < this.devices.length; i++) this.devices[next++].start();
        if (next >= this.devices.length) {
          this.#starter = undefined;
          resolve();
        } else this.#starter = setTimeout(step, 50);
      };
      step();
    });
  }

  async stop() {
    clearTimeout(this.#starter);
    await Promise.all(this.devices.map((d) => d.stop()));
  }

  stats(): FleetStats {
    const states = {
      idle: 0,
      connecting: 0,
      authing: 0,
      up: 0,
      waiting: 0,
      rebooting: 0,
      frozen: 0,
      stopped: 0,
    } satisfies Record<SimState, number>;
    const refused: FleetStats['refused'] = {};
    const sums = Object.fromEntries(SUMMED.map((k) => [k, 0])) as Pick<FleetStats, (typeof SUMMED)[number]>;
    for (const d of this.devices) {
      states[d.state]++;
      if (d.state === 'waiting' && d.lastClose?.code === 4003 && d.lastRefusal) {
        refused[d.lastRefusal.reason] = (refused[d.lastRefusal.reason] ?? 0) + 1;
      }
      for (const k of SUMMED) sums[k] += d.counters[k];
    }
    return { total: this.devices.length, states, refused, ...sums };
  }
}
