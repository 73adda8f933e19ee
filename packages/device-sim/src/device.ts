import { EventEmitter } from 'node:events';
import {
  CloseCode,
  normalizeMac,
  type AuthMessage,
  type DeviceMessageInput,
  type DeviceType,
  type RefuseReason,
  type TelemetryData,
  type Versions,
} from '@siteops/contracts/device-protocol';
import { FaceLibrary, type PassOutcome } from './faces.ts';
import { DeviceModel, type SimEventSpec } from './model.ts';
import { cameraPicture } from './pictures.ts';
import { Backoff, fixedRetrySeconds } from './reconnect.ts';
import { Reporter } from './reporting.ts';
import { serveRpc, type RpcLink } from './rpc.ts';
import { onServerFrame, onServerText, type InboxHost } from './serverMessages.ts';
import type { SimShell } from './shell.ts';
import { initialConfig, mergeConfig } from './simConfig.ts';
import {
  zeroCounters,
  type BootReason,
  type SimCounters,
  type SimDeviceEvents,
  type SimDeviceOptions,
  type SimState,
} from './simTypes.ts';
import type { SimLink } from './link.ts';
import { authMessage, closeGently, dialGateway, httpBaseOf } from './socket.ts';
import type { PlayRecord } from './speaker.ts';
import type { SimUpgrade, UpgradeFault } from './upgrade.ts';
import { waitForState } from './waitForState.ts';

// The options and state types live in simTypes.ts; importers keep taking them from here.
export type { SimCounters, SimDeviceOptions, SimState } from './simTypes.ts';

/**
 * One simulated device: dials the gateway, authenticates, heartbeats, sends drifting telemetry and
 * events, answers every RPC of docs/device-protocol.md, and reconnects with jittered backoff.
 */
export class SimDevice extends EventEmitter<SimDeviceEvents> {
  readonly sn: string;
  readonly type: DeviceType;
  readonly mac: string;
  readonly model: DeviceModel;
  /** Face devices: the persons the terminal lets through (docs/device-protocol.md 5.2). */
  readonly faces?: FaceLibrary;
  readonly counters: SimCounters = zeroCounters();
  lastRefusal?: { reason: RefuseReason; message: string };
  lastClose?: { code: number; reason: string };
  /** How the next upgrade steps fail (undefined: they succeed). */
  upgradeFault?: UpgradeFault;
  /** The upgrade job taken last (its `rangeStarts` show a resumed download). */
  lastUpgrade?: SimUpgrade;
  /** A speaker's play log: what it played, oldest first (the last PLAY_LOG_MAX). */
  readonly played: PlayRecord[] = [];
  /** Relay outputs (gateway, crane, elevator: `relay.set`), output -> on; absent: released. */
  readonly relays = new Map<number, boolean>();
  ip = '';
  heartbeatSeconds = 0;

  readonly #opt: SimDeviceOptions;
  #state: SimState = 'idle';
  #ws?: SimLink;
  #timers = new Set<NodeJS.Timeout>();
  #heartbeat?: NodeJS.Timeout;
  #retry?: NodeJS.Timeout;
  #backoff: Backoff;
  /** Failed links so far: which of url and backupUrls to dial next. */
  #dials = 0;
  #linkedAt = 0;
  #lastHeard = 0;
  #seq = 0;
  #bootAt = Date.now();
  #bootReason: BootReason | undefined = 'power';
  #rebooting: false | Exclude<BootReason, 'power'> = false;
  #versions: Versions;
  #reporter: Reporter;
  #inbox: InboxHost;
  #cancelled = new Set<string>();
  #shells = new Map<string, SimShell>();
  #config: Record<string, unknown>;

  constructor(opts: SimDeviceOptions) {
    super();
    this.#opt = opts;
    this.#backoff = new Backoff(opts);
    this.sn = opts.sn;
    this.type = opts.type;
    this.mac = normalizeMac(opts.mac);
    this.model = new DeviceModel(opts.type, opts.sn, opts.eventRate ?? 1);
    if (opts.type === 'face' || opts.type === 'towerElevatorFace')
      this.faces = new FaceLibrary(() => httpBaseOf(opts.url, opts.httpUrl));
    this.#versions = opts.versions ?? { frpcVer: '0.52.3', devVer: 'HW-2.1', version: '3.4.0' };
    this.upgradeFault = opts.upgradeFault;
    this.#config = initialConfig(opts, this.model.controls.volume);
    this.#reporter = new Reporter({
      device: this,
      opts,
      config: this.#config,
      isUp: () => this.#state === 'up',
      send: (message) => this.#send(message),
      sendText: (text) => {
        if (!this.#ws) return false;
        this.#sendRaw(this.#ws, text);
        return true;
      },
    });
    this.#inbox = {
      device: this,
      shells: this.#shells,
      log: (message, extra) => this.#log(message, extra),
      send: (message) => this.#send(message),
      linked: (heartbeatSeconds, ip) => this.#onLinked(heartbeatSeconds, ip),
      rpc: (id, method, params) => void this.#onRpc(id, method, params),
      cancelRpc: (id) => {
        this.#cancelled.add(id);
        this.#later(60_000, () => this.#cancelled.delete(id));
      },
      acknowledge: (ids) => {
        this.counters.eventsAcked += this.#reporter.outbox.acknowledge(ids);
      },
    };
    if (opts.autoStart ?? true) this.start();
  }

  get state() {
    return this.#state;
  }

  get name() {
    return String(this.#config.name);
  }

  /** Events sent but not yet acknowledged by the server (they are sent again after a reconnect). */
  get pendingEvents() {
    return this.#reporter.outbox.size;
  }

  /** What it reports in `auth`; an upgrade changes `version` (after the reboot). */
  get versions(): Versions {
    return this.#versions;
  }

  // -------------------------------------------------------------------------------------------------
  // Life cycle

  start() {
    if (this.#state !== 'idle' && this.#state !== 'stopped') return;
    this.#connect();
  }

  /** Orderly: close with 1000 and stay away. */
  async stop() {
    const ws = this.#ws;
    this.#setState('stopped');
    this.#clearAll();
    await closeGently(ws, 'stop');
  }

  /** Abrupt: cut the TCP connection (as a power cut would, seen from a server that gets the RST). */
  kill() {
    this.#setState('stopped');
    this.#clearAll();
    this.#ws?.terminate();
  }

  /** Hang: keep the socket but send and answer nothing, as a frozen device or a dead NAT path does. */
  freeze() {
    this.#setState('frozen');
    this.#clearAll();
  }

  /** Resolve when the device reaches `state` (rejects after `timeoutMs`). */
  waitFor(state: SimState, timeoutMs = 5_000): Promise<void> {
    return waitForState(this, state, timeoutMs);
  }

  #setState(state: SimState) {
    if (this.#state === state) return;
    this.#state = state;
    this.emit('state', state);
  }

  #clearAll() {
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
    clearInterval(this.#heartbeat);
    this.#reporter.stopTelemetry();
    clearTimeout(this.#retry);
    for (const shell of this.#shells.values()) shell.close();
    this.#shells.clear();
    this.lastUpgrade?.cancel();
  }

  #later(ms: number, fn: () => void) {
    const t = setTimeout(() => {
      this.#timers.delete(t);
      fn();
    }, ms);
    this.#timers.add(t);
    return t;
  }

  #log(message: string, extra?: Record<string, unknown>) {
    this.#opt.log?.(`${this.sn}: ${message}`, extra);
  }

  // -------------------------------------------------------------------------------------------------
  // Connection

  /** The address to dial: the next of url and backupUrls after each failed link. */
  #dialUrl() {
    const urls = [this.#opt.url, ...(this.#opt.backupUrls ?? [])];
    return urls[this.#dials % urls.length];
  }

  #connect() {
    this.#setState('connecting');
    this.counters.connects++;
    const ws = dialGateway(this.#dialUrl(), authMessage(this, this.#opt.secret));
    this.#ws = ws;
    ws.on('open', () => {
      if (this.#ws !== ws) return;
      this.#setState('authing');
      this.#lastHeard = Date.now();
      this.#send(authMessage(this, this.#opt.secret));
    });
    ws.on('message', (data, isBinary) => {
      if (this.#ws !== ws || this.#state === 'frozen' || this.#state === 'stopped') return;
      this.counters.messagesIn++;
      this.#lastHeard = Date.now();
      if (isBinary) onServerFrame(data, this.#inbox);
      else onServerText(data.toString('utf8'), this.#inbox);
    });
    ws.on('error', (err) => {
      this.#log(`socket error: ${err.message}`);
      this.emit('socketError', err);
    });
    ws.on('close', (code, reason) => this.#onClose(ws, code, reason));
  }

  #onClose(ws: SimLink, code: number, reason: string) {
    if (this.#ws !== ws) return;
    this.#ws = undefined;
    this.lastClose = { code, reason };
    clearInterval(this.#heartbeat);
    this.#reporter.stopTelemetry();
    for (const shell of this.#shells.values()) shell.close();
    this.#shells.clear();
    this.emit('closed', { code, reason });
    if (this.#state === 'stopped' || this.#state === 'frozen') return;
    const scale = this.#opt.retryScale ?? 1;
    let delay: number;
    if (this.#rebooting) {
      this.#bootReason = this.#rebooting;
      this.#rebooting = false;
      this.#bootAt = Date.now() + (this.#opt.rebootMs ?? 3000);
      this.#setState('rebooting');
      delay = this.#opt.rebootMs ?? 3000;
    } else {
      if (this.#linkedAt && Date.now() - this.#linkedAt >= (this.#opt.stableMs ?? 10_000)) this.#backoff.reset();
      const fixed = fixedRetrySeconds(code, reason, this.lastRefusal?.reason);
      // The server said when to come back: come back to it. Otherwise the link failed: try the next address.
      if (fixed === 0) this.#dials++;
      delay = fixed > 0 ? fixed * 1000 * scale : this.#backoff.next();
      this.#setState('waiting');
      this.#log(`link closed (${code} ${reason}); dialling again in ${Math.round(delay)} ms`);
    }
    this.#linkedAt = 0;
    this.#retry = setTimeout(() => {
      if (this.#state === 'waiting' || this.#state === 'rebooting') this.#connect();
    }, delay);
  }

  #send(message: DeviceMessageInput | AuthMessage) {
    const ws = this.#ws;
    if (!ws?.isOpen) return false;
    ws.send(JSON.stringify(message));
    this.counters.messagesOut++;
    return true;
  }

  #sendRaw(ws: SimLink, data: string | Uint8Array) {
    if (!ws.isOpen) return;
    ws.send(data);
    this.counters.messagesOut++;
  }

  #onLinked(heartbeatSeconds: number, ip: string) {
    this.heartbeatSeconds = heartbeatSeconds;
    this.ip = ip;
    this.#linkedAt = Date.now();
    this.#seq = 0;
    this.counters.links++;
    this.#setState('up');
    this.emit('linked', { heartbeatSeconds, ip });
    const hbMs = heartbeatSeconds * 1000;
    this.#heartbeat = setInterval(() => {
      if (Date.now() - this.#lastHeard > 2 * hbMs + 1000) {
        this.#log('nothing from the server for two intervals; reconnecting');
        this.#ws?.terminate();
        return;
      }
      this.counters.heartbeats++;
      this.#send({ type: 'heartbeat', seq: ++this.#seq, uptimeS: Math.round((Date.now() - this.#bootAt) / 100) / 10 });
    }, hbMs);
    if (this.#bootReason) {
      this.#reporter.queueEvent({ kind: 'boot', level: 'info', data: { reason: this.#bootReason } });
      this.#bootReason = undefined;
    }
    this.#reporter.resendPending();
    this.#reporter.scheduleTelemetry(true);
  }

  /** Send one telemetry message now (the model's latest readings when `data` is absent). */
  sendTelemetry(data: TelemetryData = this.model.latest) {
    this.#reporter.sendTelemetry(data);
  }

  /**
   * A face terminal: someone shows their face (FaceLibrary.present). A held person inside its window
   * passes and a `pass` event naming it is sent; an unknown face is a `stranger` event. Answers the
   * outcome, with the event's id when one was sent.
   */
  reportPass(personId: string, direction: 'in' | 'out' = 'in'): PassOutcome & { eventId?: string } {
    if (!this.faces) return { passed: false, reason: 'notFaceTerminal' };
    const outcome = this.faces.present(personId, direction);
    if (outcome.passed) this.model.controls.doorOpenUntil = Date.now() + 3000;
    return outcome.event ? { ...outcome, eventId: this.#reporter.queueEvent(outcome.event) } : outcome;
  }

  /** Send an event now (kept until the server acknowledges it). Answers its id. */
  sendEvent(spec: SimEventSpec): string {
    return this.#reporter.queueEvent(spec);
  }

  // -------------------------------------------------------------------------------------------------
  // RPC

  async #onRpc(id: string, method: string, params: unknown) {
    const ws = this.#ws;
    if (!ws) return;
    this.counters.rpcs++;
    this.emit('rpc', { id, method });
    if (this.#opt.ignoreMethods?.includes(method)) return;
    await serveRpc(this.#rpcLink(ws), id, method, params);
  }

  /** What the RPC handlers (rpc*.ts) may use of this device, bound to the link `ws` an RPC came on. */
  #rpcLink(ws: SimLink): RpcLink {
    return {
      device: this,
      config: this.#config,
      shells: this.#shells,
      gatewayUrl: httpBaseOf(this.#opt.url, this.#opt.httpUrl),
      pingIntervalMs: this.#opt.pingIntervalMs,
      uptimeS: () => (Date.now() - this.#bootAt) / 1000,
      later: (ms, fn) => void this.#later(ms, fn),
      queueEvent: (spec) => this.#reporter.queueEvent(spec),
      send: (message) => this.#send(message),
      sendRaw: (data) => this.#sendRaw(ws, data),
      isCurrent: () => this.#ws === ws,
      reboot: () => this.#rebootLink('reboot', ws),
      rebootAfterUpgrade: (version) => {
        if (version) this.#versions = { ...this.#versions, version };
        this.#rebootLink('upgrade', this.#ws);
      },
      mayAnswer: (id) => !this.#cancelled.has(id) && this.#ws === ws && this.#state !== 'frozen',
      log: (message) => this.#log(message),
    };
  }

  /** Close `ws`, if it is still the link, so that the device comes back after a `reason` boot. */
  #rebootLink(reason: Exclude<BootReason, 'power'>, ws: SimLink | undefined) {
    if (!ws || this.#ws !== ws) return;
    this.#rebooting = reason;
    ws.close(CloseCode.normal, 'reboot');
  }

  /** Merge settings; answers the keys that changed. */
  setConfig(patch: Record<string, unknown>): string[] {
    const changed = mergeConfig(this.#config, patch);
    if (changed.includes('volume') && typeof this.#config.volume === 'number') {
      this.model.controls.volume = Math.max(0, Math.min(100, Math.round(this.#config.volume)));
    }
    if (changed.includes('telemetryIntervalS') && this.#state === 'up') this.#reporter.scheduleTelemetry(false);
    return changed;
  }

  /** The JPEG the camera would take now. */
  snapshot(width = 320, height = 180): Buffer {
    return cameraPicture(this, width, height);
  }
}

/** Create a simulated device; it connects at once unless `autoStart: false`. */
export function createSimDevice(opts: SimDeviceOptions): SimDevice {
  return new SimDevice(opts);
}
