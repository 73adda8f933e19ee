import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import {
  CloseCode,
  FrameKind,
  MAX_FRAME_BYTES,
  PROTOCOL_VERSION,
  RETRY_AFTER_REFUSAL_S,
  RETRY_AFTER_REPLACED_S,
  RPC_METHODS,
  decodeFrame,
  encodeFrame,
  normalizeMac,
  serverMessage,
  type AuthMessage,
  type DeviceMessageInput,
  type DeviceType,
  type RefuseReason,
  type RpcMethodDef,
  type ServerMessage,
  type TelemetryData,
  type UpgradeParams,
  type Versions,
} from '@siteops/contracts/device-protocol';
import { AI_BOX_DEFAULTS, SimRefusal, checkAiBoxConfig } from './aiBox.ts';
import { FaceLibrary, httpBaseOf, type PassOutcome } from './faces.ts';
import { DeviceModel, type SimEventSpec } from './model.ts';
import { SimShell } from './shell.ts';
import { PLAY_LOG_MAX, checkPlay, type PlayRecord } from './speaker.ts';
import { renderSnapshot } from './snapshot.ts';
import { SimUpgrade, type UpgradeFault } from './upgrade.ts';
import { handleWebRequest, type WebHost } from './web.ts';

export interface SimDeviceOptions {
  /** `ws://host:port/gateway`. */
  url: string;
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
  rpcs: number;
  refused: number;
}

interface SimDeviceEvents {
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
}

const SHELL_CHUNK = 16 * 1024;
const DATA_CHUNK = 256 * 1024;
const MAX_OUTBOX = 100;

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
  readonly counters: SimCounters = {
    connects: 0,
    links: 0,
    messagesOut: 0,
    messagesIn: 0,
    heartbeats: 0,
    telemetry: 0,
    events: 0,
    rpcs: 0,
    refused: 0,
  };
  lastRefusal?: { reason: RefuseReason; message: string };
  lastClose?: { code: number; reason: string };
  /** How the next upgrade steps fail (undefined: they succeed). */
  upgradeFault?: UpgradeFault;
  /** The upgrade job taken last (its `rangeStarts` show a resumed download). */
  lastUpgrade?: SimUpgrade;
  /** A speaker's play log: what it played, oldest first (the last PLAY_LOG_MAX). */
  readonly played: PlayRecord[] = [];
  ip = '';
  heartbeatSeconds = 0;

  readonly #opt: SimDeviceOptions;
  #state: SimState = 'idle';
  #ws?: WebSocket;
  #timers = new Set<NodeJS.Timeout>();
  #heartbeat?: NodeJS.Timeout;
  #telemetry?: NodeJS.Timeout;
  #retry?: NodeJS.Timeout;
  #attempt = 0;
  #linkedAt = 0;
  #lastHeard = 0;
  #lastSample = Date.now();
  #seq = 0;
  #bootAt = Date.now();
  #bootReason: 'power' | 'reboot' | 'upgrade' | undefined = 'power';
  #rebooting: false | 'reboot' | 'upgrade' = false;
  #versions: Versions;
  #outbox = new Map<string, string>();
  #cancelled = new Set<string>();
  #shells = new Map<string, SimShell>();
  #config: Record<string, unknown>;

  constructor(opts: SimDeviceOptions) {
    super();
    this.#opt = opts;
    this.sn = opts.sn;
    this.type = opts.type;
    this.mac = normalizeMac(opts.mac);
    this.model = new DeviceModel(opts.type, opts.sn, opts.eventRate ?? 1);
    if (opts.type === 'face' || opts.type === 'towerElevatorFace')
      this.faces = new FaceLibrary(() => httpBaseOf(opts.url));
    this.#versions = opts.versions ?? { frpcVer: '0.52.3', devVer: 'HW-2.1', version: '3.4.0' };
    this.upgradeFault = opts.upgradeFault;
    this.#config = {
      name: opts.name ?? `${opts.type} ${opts.sn}`,
      timezone: 'Asia/Shanghai',
      language: 'zh-CN',
      ntpServer: 'ntp.aliyun.com',
      telemetryIntervalS: (opts.telemetryMs ?? 5000) / 1000,
      uploadPictures: opts.pictures ?? true,
      ...(opts.type === 'broadcast' ? { volume: this.model.controls.volume } : {}),
      ...(opts.type === 'aiBox' ? AI_BOX_DEFAULTS : {}),
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
    return this.#outbox.size;
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
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        ws.terminate();
        resolve();
      }, 1_000);
      ws.once('close', () => {
        clearTimeout(t);
        resolve();
      });
      if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
      else ws.close(CloseCode.normal, 'stop');
    });
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
    if (this.#state === state) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onState = (s: SimState) => {
        if (s !== state) return;
        clearTimeout(t);
        this.off('state', onState);
        resolve();
      };
      const t = setTimeout(() => {
        this.off('state', onState);
        reject(new Error(`${this.sn}: still ${this.#state} after ${timeoutMs} ms, expected ${state}`));
      }, timeoutMs);
      this.on('state', onState);
    });
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
    clearInterval(this.#telemetry);
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

  #connect() {
    this.#setState('connecting');
    this.counters.connects++;
    const ws = new WebSocket(this.#opt.url, {
      handshakeTimeout: 10_000,
      perMessageDeflate: false,
      maxPayload: MAX_FRAME_BYTES,
    });
    this.#ws = ws;
    ws.on('open', () => {
      if (this.#ws !== ws) return;
      this.#setState('authing');
      this.#lastHeard = Date.now();
      const auth: AuthMessage = {
        type: 'auth',
        protocol: PROTOCOL_VERSION,
        sn: this.sn,
        mac: this.mac,
        secret: this.#opt.secret,
        deviceType: this.type,
        versions: this.versions,
      };
      this.#send(auth);
    });
    ws.on('message', (data, isBinary) => {
      if (this.#ws !== ws || this.#state === 'frozen' || this.#state === 'stopped') return;
      this.counters.messagesIn++;
      this.#lastHeard = Date.now();
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      if (isBinary) this.#onFrame(buf);
      else this.#onText(buf.toString('utf8'));
    });
    ws.on('error', (err) => {
      this.#log(`socket error: ${err.message}`);
      this.emit('socketError', err);
    });
    ws.on('close', (code, reason) => this.#onClose(ws, code, reason.toString()));
  }

  #onClose(ws: WebSocket, code: number, reason: string) {
    if (this.#ws !== ws) return;
    this.#ws = undefined;
    this.lastClose = { code, reason };
    clearInterval(this.#heartbeat);
    clearInterval(this.#telemetry);
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
      if (this.#linkedAt && Date.now() - this.#linkedAt >= (this.#opt.stableMs ?? 10_000)) this.#attempt = 0;
      const refusal = code === CloseCode.refused ? (this.lastRefusal?.reason ?? (reason as RefuseReason)) : undefined;
      const fixed =
        refusal !== undefined
          ? (RETRY_AFTER_REFUSAL_S[refusal] ?? 300)
          : code === CloseCode.replaced
            ? RETRY_AFTER_REPLACED_S
            : code === CloseCode.revoked
              ? 300
              : 0;
      delay = fixed > 0 ? fixed * 1000 * scale : this.#backoff();
      this.#setState('waiting');
      this.#log(`link closed (${code} ${reason}); dialling again in ${Math.round(delay)} ms`);
    }
    this.#linkedAt = 0;
    this.#retry = setTimeout(() => {
      if (this.#state === 'waiting' || this.#state === 'rebooting') this.#connect();
    }, delay);
  }

  #backoff() {
    const base = this.#opt.backoffBaseMs ?? 1000;
    const max = this.#opt.backoffMaxMs ?? 60_000;
    const ms = Math.min(max, base * 2 ** this.#attempt) * (0.5 + Math.random() / 2);
    this.#attempt = Math.min(this.#attempt + 1, 30);
    return ms;
  }

  #send(message: DeviceMessageInput | AuthMessage) {
    const ws = this.#ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(message));
    this.counters.messagesOut++;
    return true;
  }

  #sendRaw(ws: WebSocket, data: string | Uint8Array) {
    if (ws.readyState !== WebSocket.OPEN) return;
    ws.send(data);
    this.counters.messagesOut++;
  }

  #onText(text: string) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.#log('server sent malformed JSON');
    }
    const parsed = serverMessage.safeParse(json);
    if (!parsed.success) return this.#log('server sent an unknown message', { json });
    this.#onServerMessage(parsed.data);
  }

  #onServerMessage(msg: ServerMessage) {
    switch (msg.type) {
      case 'auth.ok':
        return this.#onLinked(msg.heartbeatSeconds, msg.ip);
      case 'auth.refused':
        this.counters.refused++;
        this.lastRefusal = { reason: msg.reason, message: msg.message };
        this.#log(`refused: ${msg.reason} (${msg.message})`);
        this.emit('refused', this.lastRefusal);
        return;
      case 'heartbeat.ack':
        return;
      case 'rpc':
        void this.#onRpc(msg.id, msg.method, msg.params);
        return;
      case 'rpc.cancel':
        this.#cancelled.add(msg.id);
        this.#later(60_000, () => this.#cancelled.delete(msg.id));
        return;
      case 'shell.resize':
        this.#shells.get(msg.streamId)?.resize(msg.cols, msg.rows);
        return;
      case 'shell.close': {
        const shell = this.#shells.get(msg.streamId);
        shell?.close();
        this.#shells.delete(msg.streamId);
        return;
      }
      case 'event.ack':
        for (const id of msg.ids) this.#outbox.delete(id);
        return;
      case 'error':
        this.#log(`server error ${msg.code}: ${msg.message}`);
        this.emit('serverError', { code: msg.code, message: msg.message, ref: msg.ref });
        return;
    }
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
      this.#queueEvent({ kind: 'boot', level: 'info', data: { reason: this.#bootReason } });
      this.#bootReason = undefined;
    }
    for (const text of this.#outbox.values()) {
      if (this.#ws) this.#sendRaw(this.#ws, text);
    }
    this.#scheduleTelemetry(true);
  }

  #scheduleTelemetry(randomPhase: boolean) {
    clearInterval(this.#telemetry);
    const ms = Number(this.#config.telemetryIntervalS) * 1000;
    if (!(ms > 0) || (this.#opt.telemetryMs ?? 5000) === 0) return;
    const begin = () => {
      this.#tick();
      this.#telemetry = setInterval(() => this.#tick(), ms);
    };
    if (randomPhase) this.#telemetry = setTimeout(begin, Math.random() * ms);
    else begin();
  }

  #tick() {
    if (this.#state !== 'up') return;
    const now = Date.now();
    const { data, events } = this.model.sample((now - this.#lastSample) / 1000, now);
    this.#lastSample = now;
    this.sendTelemetry(data);
    for (const e of events) this.#queueEvent(e);
  }

  /** Send one telemetry message now (the model's latest readings when `data` is absent). */
  sendTelemetry(data: TelemetryData = this.model.latest) {
    if (this.#send({ type: 'telemetry', ts: Date.now(), data })) this.counters.telemetry++;
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
    return outcome.event ? { ...outcome, eventId: this.#queueEvent(outcome.event) } : outcome;
  }

  /** Send an event now (kept until the server acknowledges it). Answers its id. */
  sendEvent(spec: SimEventSpec): string {
    return this.#queueEvent(spec);
  }

  #queueEvent(spec: SimEventSpec): string {
    const id = randomUUID();
    const withPicture = spec.picture && (this.#opt.pictures ?? true) && this.#config.uploadPictures !== false;
    const message: DeviceMessageInput = {
      type: 'event',
      id,
      ts: Date.now(),
      kind: spec.kind,
      level: spec.level,
      data: spec.data,
      ...(withPicture ? { picture: this.#picture(spec.kind).toString('base64') } : {}),
    };
    const text = JSON.stringify(message);
    this.#outbox.set(id, text);
    if (this.#outbox.size > MAX_OUTBOX) this.#outbox.delete(this.#outbox.keys().next().value!);
    if (this.#ws && this.#state === 'up') {
      this.#sendRaw(this.#ws, text);
      this.counters.events++;
    }
    return id;
  }

  #picture(kind: string) {
    return renderSnapshot({
      type: this.type,
      title: kind,
      lines: [this.sn, new Date().toISOString().replace('T', ' ').slice(0, 19)],
      width: 160,
      height: 90,
      quality: 0.6,
      phase: this.model.random(),
    });
  }

  #onFrame(buf: Buffer) {
    const frame = decodeFrame(buf);
    if (!frame || frame.kind !== FrameKind.shellData) return;
    const shell = this.#shells.get(frame.id);
    if (shell) shell.input(Buffer.from(frame.payload));
    else this.#send({ type: 'shell.close', streamId: frame.id, reason: 'unknown stream' });
  }

  // -------------------------------------------------------------------------------------------------
  // RPC

  async #onRpc(id: string, method: string, params: unknown) {
    const ws = this.#ws;
    if (!ws) return;
    this.counters.rpcs++;
    this.emit('rpc', { id, method });
    if (this.#opt.ignoreMethods?.includes(method)) return;
    const answer = (body: { result: unknown } | { error: { code: string; message: string } }, data?: Buffer) => {
      if (this.#cancelled.has(id) || this.#ws !== ws || this.#state === 'frozen') return;
      if (data) {
        for (let off = 0; off < data.length || off === 0; off += DATA_CHUNK) {
          this.#sendRaw(ws, encodeFrame(FrameKind.rpcData, id, data.subarray(off, off + DATA_CHUNK)));
          if (data.length === 0) break;
        }
      }
      this.#sendRaw(ws, JSON.stringify({ type: 'rpc.result', id, ...body }));
    };
    const def = (RPC_METHODS as Record<string, RpcMethodDef>)[method];
    if (!def || !def.types.includes(this.type)) {
      return answer({ error: { code: 'unsupported', message: `A ${this.type} device has no ${method}` } });
    }
    const parsed = def.params.safeParse(params ?? {});
    if (!parsed.success) {
      return answer({ error: { code: 'badParams', message: parsed.error.issues[0]?.message ?? 'invalid params' } });
    }
    try {
      const { result, data } = await this.#handle(method, parsed.data as Record<string, unknown>, ws);
      answer({ result }, data);
    } catch (err) {
      const code = err instanceof SimRefusal ? err.code : 'failed';
      answer({ error: { code, message: err instanceof Error ? err.message : String(err) } });
    }
  }

  async #handle(
    method: string,
    p: Record<string, unknown>,
    ws: WebSocket,
  ): Promise<{ result: unknown; data?: Buffer }> {
    const now = Date.now();
    switch (method) {
      case 'snapshot': {
        const width = Math.min(Number(p.width ?? 320), 1920);
        const height = Math.min(Number(p.height ?? 180), 1080);
        const jpeg = this.snapshot(width, height);
        return { result: { contentType: 'image/jpeg', width, height, size: jpeg.length }, data: jpeg };
      }
      case 'openDoor': {
        const door = Number(p.door ?? 1);
        const holdMs = Number(p.holdMs ?? 5000);
        this.model.controls.doorOpenUntil = now + holdMs;
        this.sendTelemetry({ doorOpen: true });
        this.#later(holdMs, () => this.sendTelemetry({ doorOpen: false }));
        return {
          result: { door, openedAt: new Date(now).toISOString(), closesAt: new Date(now + holdMs).toISOString() },
        };
      }
      case 'reboot': {
        const delayMs = Number(p.delayMs ?? 1000);
        this.#later(delayMs, () => {
          if (this.#ws !== ws) return;
          this.#rebooting = 'reboot';
          ws.close(CloseCode.normal, 'reboot');
        });
        return { result: { rebootAt: new Date(now + delayMs).toISOString() } };
      }
      case 'config.get': {
        const keys = p.keys as string[] | undefined;
        const config = keys
          ? Object.fromEntries(keys.filter((k) => k in this.#config).map((k) => [k, this.#config[k]]))
          : this.#config;
        return { result: { config: { ...config } } };
      }
      case 'config.set': {
        if (this.type === 'aiBox') checkAiBoxConfig(this.#config, p.config as Record<string, unknown>);
        const changed = this.setConfig(p.config as Record<string, unknown>);
        return { result: { config: { ...this.#config }, changed } };
      }
      case 'shell.open': {
        const streamId = String(p.streamId);
        const shell = new SimShell(
          {
            sn: this.sn,
            name: this.name,
            type: this.type,
            mac: this.mac,
            ip: () => this.ip || '192.168.1.20',
            uptimeS: () => (Date.now() - this.#bootAt) / 1000,
            config: () => ({ ...this.#config }),
            versions: () => ({ ...this.versions }),
            latest: () => ({ ...this.model.latest }),
            pingIntervalMs: this.#opt.pingIntervalMs,
          },
          (text) => {
            const bytes = Buffer.from(text, 'utf8');
            for (let off = 0; off < bytes.length; off += SHELL_CHUNK) {
              this.#sendRaw(ws, encodeFrame(FrameKind.shellData, streamId, bytes.subarray(off, off + SHELL_CHUNK)));
            }
          },
          (reason) => {
            this.#shells.delete(streamId);
            if (this.#ws === ws) this.#sendRaw(ws, JSON.stringify({ type: 'shell.close', streamId, reason }));
          },
          { cols: Number(p.cols), rows: Number(p.rows) },
        );
        // The banner and prompt were written in the constructor, before the result: that is fine, the
        // server registered the stream before it sent shell.open.
        this.#shells.set(streamId, shell);
        return { result: { streamId } };
      }
      case 'http.request': {
        const res = handleWebRequest(this.#webHost(), {
          method: String(p.method),
          path: String(p.path),
          headers: (p.headers as Record<string, string>) ?? {},
          body: typeof p.bodyBase64 === 'string' ? Buffer.from(p.bodyBase64, 'base64') : undefined,
        });
        return {
          result: { status: res.status, headers: { ...res.headers, 'content-length': String(res.body.length) } },
          data: res.body,
        };
      }
      case 'persons.add':
        return { result: await this.faces!.add(p.persons as Parameters<FaceLibrary['add']>[0]) };
      case 'persons.remove':
        return { result: this.faces!.remove(p.personIds as string[]) };
      case 'persons.list':
        return { result: this.faces!.page(p.offset as number | undefined, p.limit as number | undefined) };
      case 'broadcast.play': {
        checkPlay(this.#config);
        const playId = randomUUID();
        const text = p.text as string | undefined;
        const repeat = Number(p.repeat ?? 1);
        if (p.volume !== undefined) this.setConfig({ volume: p.volume });
        const durationMs = (text ? Math.max(1500, text.length * 250) : 8000) * repeat;
        const record: PlayRecord = {
          playId,
          at: new Date(now).toISOString(),
          ...(p.title !== undefined && { title: String(p.title) }),
          ...(text !== undefined && { text }),
          ...(p.url !== undefined && { url: String(p.url) }),
          voice: (p.voice as PlayRecord['voice'] | undefined) ?? 'female',
          volume: this.model.controls.volume,
          repeat,
          durationMs,
        };
        this.played.push(record);
        if (this.played.length > PLAY_LOG_MAX) this.played.shift();
        this.emit('played', record);
        this.model.controls.playing = { playId, text: text ?? String(p.url), until: now + durationMs };
        this.#queueEvent({ kind: 'playback', level: 'info', data: { playId, state: 'started', text } });
        this.sendTelemetry({
          state: 'playing',
          track: (text ?? String(p.url)).slice(0, 60),
          volume: this.model.controls.volume,
        });
        return { result: { playId, durationMs } };
      }
      case 'upgrade':
        return { result: { jobId: this.#takeUpgrade(p as UpgradeParams) } };
    }
    throw new Error(`${method} is not implemented`);
  }

  /** A new upgrade job replaces the one under way; it starts once the RPC is answered. */
  #takeUpgrade(params: UpgradeParams): string {
    this.lastUpgrade?.cancel();
    const job = new SimUpgrade(params, {
      gatewayUrl: this.#opt.url,
      fault: () => this.upgradeFault,
      report: (progress) => this.#send({ type: 'upgrade.progress', jobId: params.jobId, ...progress }),
      reboot: (version) => {
        const ws = this.#ws;
        if (version) this.#versions = { ...this.#versions, version };
        if (!ws) return;
        this.#rebooting = 'upgrade';
        ws.close(CloseCode.normal, 'reboot');
      },
      log: (message) => this.#log(message),
    });
    this.lastUpgrade = job;
    setImmediate(() => void job.run());
    return params.jobId;
  }

  /** Merge settings; answers the keys that changed. */
  setConfig(patch: Record<string, unknown>): string[] {
    const changed: string[] = [];
    for (const [k, v] of Object.entries(patch)) {
      if (JSON.stringify(this.#config[k]) === JSON.stringify(v)) continue;
      this.#config[k] = v;
      changed.push(k);
    }
    if (changed.includes('volume') && typeof this.#config.volume === 'number') {
      this.model.controls.volume = Math.max(0, Math.min(100, Math.round(this.#config.volume)));
    }
    if (changed.includes('telemetryIntervalS') && this.#state === 'up') this.#scheduleTelemetry(false);
    return changed;
  }

  /** The JPEG the camera would take now. */
  snapshot(width = 320, height = 180): Buffer {
    const t = new Date();
    return renderSnapshot({
      type: this.type,
      title: this.name.slice(0, 24),
      lines: [`${this.sn}  ${this.type}`, t.toISOString().replace('T', ' ').slice(0, 19) + ' UTC'],
      width,
      height,
      phase: (t.getTime() / 60_000) % 1,
    });
  }

  #webHost(): WebHost {
    return {
      sn: this.sn,
      name: () => this.name,
      type: this.type,
      mac: this.mac,
      ip: () => this.ip || '192.168.1.20',
      uptimeS: () => (Date.now() - this.#bootAt) / 1000,
      versions: () => ({ ...this.versions }),
      latest: () => ({ ...this.model.latest }),
      config: () => ({ ...this.#config }),
      setConfig: (patch) => void this.setConfig(patch),
      snapshot: () => this.snapshot(),
    };
  }
}

/** Create a simulated device; it connects at once unless `autoStart: false`. */
export function createSimDevice(opts: SimDeviceOptions): SimDevice {
  return new SimDevice(opts);
}
