import type { DeviceType, RefuseReason, Versions } from '@siteops/contracts/device-protocol';
import type { PlayRecord } from './speaker.ts';
import type { RelaySwitch } from './rpcRelay.ts';
import type { UpgradeFault } from './upgrade.ts';

export interface SimDeviceOptions {
  /** `ws://host:port/gateway`, or `mqtt://host:port` for a device on the MQTT transport. */
  url: string;
  /**
   * More server addresses, dialled in turn after a link that dropped or never opened (a DTU's backup
   * servers): a device whose instance died comes back through another without a load balancer.
   */
  backupUrls?: string[];
  /** The server's HTTP base for downloads (face photos, firmware); default: the WebSocket URL's. Needed with MQTT. */
  httpUrl?: string;
  sn: string;
  mac: string;
  /** The licence's deviceSecret. */
  secret: string;
  type: DeviceType;
  name?: string;
  versions?: Versions;
  /** Telemetry period; 0 sends none. Default 5 000. */
  telemetryMs?: number;
  /** Multiplies the chance of random events; 0 sends none. Default 1. */
  eventRate?: number;
  /** Attach JPEG pictures to events that have them. Default true. */
  pictures?: boolean;
  /** Methods this device receives but never answers (to test RPC timeouts). */
  ignoreMethods?: string[];
  /** Multiplies the protocol's waits after a refusal or replacement (tests shorten them). Default 1. */
  retryScale?: number;
  /** Reconnect backoff: min(max, base * 2^attempt) * (0.5 + random / 2). Defaults 1 000 and 60 000. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A link up this long resets the backoff. Default 10 000. */
  stableMs?: number;
  /** How long a reboot keeps the device away. Default 3 000. */
  rebootMs?: number;
  /** Fail firmware upgrades this way (upgrade.ts); settable later through `upgradeFault`. */
  upgradeFault?: UpgradeFault;
  pingIntervalMs?: number;
  /** Connect at once. Default true. */
  autoStart?: boolean;
  log?: (message: string, extra?: Record<string, unknown>) => void;
}

export type SimState = 'idle' | 'connecting' | 'authing' | 'up' | 'waiting' | 'rebooting' | 'frozen' | 'stopped';

export interface SimCounters {
  connects: number;
  links: number;
  messagesOut: number;
  messagesIn: number;
  heartbeats: number;
  telemetry: number;
  events: number;
  /** Events the server acknowledged (it stored them): none of these may be missing after any failure. */
  eventsAcked: number;
  rpcs: number;
  refused: number;
}

/** A device's counters before it has done anything. */
export const zeroCounters = (): SimCounters => ({
  connects: 0,
  links: 0,
  messagesOut: 0,
  messagesIn: 0,
  heartbeats: 0,
  telemetry: 0,
  events: 0,
  eventsAcked: 0,
  rpcs: 0,
  refused: 0,
});

export interface SimDeviceEvents {
  state: [SimState];
  linked: [{ heartbeatSeconds: number; ip: string }];
  refused: [{ reason: RefuseReason; message: string }];
  closed: [{ code: number; reason: string }];
  rpc: [{ id: string; method: string }];
  serverError: [{ code: string; message: string; ref?: string }];
  /** The connection failed or broke (e.g. ECONNREFUSED, or an HTTP answer instead of an upgrade). */
  socketError: [Error];
  /** A speaker started an announcement (`broadcast.play`). */
  played: [PlayRecord];
  /** A relay output switched (`relay.set`). */
  relay: [RelaySwitch];
}

/** Why the device (re)boots: reported once in the first `boot` event after the link comes up. */
export type BootReason = 'power' | 'reboot' | 'upgrade';
