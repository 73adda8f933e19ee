import net from 'node:net';
import {
  CN,
  ExeRtn,
  Hj212StreamDecoder,
  QnRtn,
  ST,
  answeredQn,
  encodePacket,
  executionResult,
  formatQn,
  minIntervalReply,
  minuteData,
  parseDataSegment,
  parseHjTime,
  realtimeData,
  requestAnswer,
  rtdIntervalReply,
  timeReply,
  type Hj212Address,
  type Hj212Packet,
  type Hj212Value,
  type Hj212Version,
} from '@siteops/contracts/hj212';
import { DeviceModel } from './model.ts';
import { Backoff } from './reconnect.ts';

export interface Hj212MonitorOptions {
  host: string;
  port: number;
  /** The unit's id: 24 characters for 2017. */
  mn: string;
  /** Its access password (6 characters by the standard); commands with another are refused. */
  pw: string;
  /** System code; construction dust monitors report as ambient air, 22. */
  st?: string;
  version?: Hj212Version;
  /** Real-time (2011) interval, seconds. Default 30; the server may change it (1062). */
  rtdIntervalS?: number;
  /** Minute-data (2051) interval, minutes. Default 1; the server may change it (1064). */
  minIntervalMin?: number;
  /** The data flag of every value: `N` normal, `M` maintenance, `C` calibration... */
  dataFlag?: string;
  /** Ask the server for a 9014 for each upload (Flag=5). Default true. */
  ack?: boolean;
  /** The length of one of the monitor's seconds in real milliseconds: tests shrink its schedule. */
  secondMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  autoStart?: boolean;
  log?: (message: string, extra?: Record<string, unknown>) => void;
}

export interface Hj212MonitorCounters {
  connects: number;
  /** Uploads sent (2011 + 2051). */
  uploads: number;
  /** Uploads the server acknowledged with a 9014. */
  acked: number;
  /** Server commands answered. */
  commands: number;
  /** Frames from the server that did not decode (the decoder's errors) or did not parse. */
  badFrames: number;
}

const PENDING_ACKS_MAX = 256;

/**
 * A construction-site dust and noise monitor speaking HJ 212-2017 over TCP, as the field units do:
 * it dials the platform, uploads real-time data (2011) every RtdInterval seconds and minute data (2051,
 * min/avg/max of the real-time samples) every MinInterval minutes, counts the server's 9014
 * acknowledgements, and carries out the server's clock and interval commands with the standard's
 * 9011 (request answer) / reply / 9012 (execution result) sequence. It reconnects with jittered
 * backoff. Readings come from the dust DeviceModel, so they drift as the WebSocket dust device's do.
 */
export class Hj212Monitor {
  readonly counters: Hj212MonitorCounters = { connects: 0, uploads: 0, acked: 0, commands: 0, badFrames: 0 };
  readonly model: DeviceModel;
  rtdIntervalS: number;
  minIntervalMin: number;
  /** Set by the server's 1012: the monitor's clock minus the real one. */
  clockOffsetMs = 0;

  readonly #opt: Hj212MonitorOptions;
  readonly #address: Hj212Address;
  readonly #backoff: Backoff;
  #socket?: net.Socket;
  #decoder = new Hj212StreamDecoder();
  #started = false;
  #rtdTimer?: NodeJS.Timeout;
  #minTimer?: NodeJS.Timeout;
  #retry?: NodeJS.Timeout;
  #lastSample = 0;
  #lastQnAt = 0;
  /** Min/max/sum/count of each code's real-time values since the last minute upload. */
  #period = new Map<string, { min: number; max: number; sum: number; n: number }>();
  #periodStart = 0;
  /** QNs of uploads awaiting a 9014, oldest first. */
  #pending = new Set<string>();

  constructor(opts: Hj212MonitorOptions) {
    this.#opt = opts;
    this.#address = { st: opts.st ?? ST.airQuality, pw: opts.pw, mn: opts.mn, version: opts.version };
    this.#backoff = new Backoff(opts);
    this.model = new DeviceModel('dust', opts.mn, 0);
    this.rtdIntervalS = opts.rtdIntervalS ?? 30;
    this.minIntervalMin = opts.minIntervalMin ?? 1;
    if (opts.autoStart ?? true) this.start();
  }

  get connected(): boolean {
    return this.#socket?.readyState === 'open';
  }

  /** Who the monitor is on the wire (its replies are built from it). */
  get address(): Hj212Address {
    return this.#address;
  }

  /** The monitor's clock (the server can set it). */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  start() {
    if (this.#started) return;
    this.#started = true;
    this.#lastSample = this.now();
    this.#periodStart = this.#lastSample;
    this.#schedule();
    this.#dial();
  }

  async stop(): Promise<void> {
    this.#started = false;
    clearInterval(this.#rtdTimer);
    clearInterval(this.#minTimer);
    clearTimeout(this.#retry);
    const socket = this.#socket;
    this.#socket = undefined;
    if (!socket || socket.destroyed) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => socket.destroy(), 1_000);
      socket.once('close', () => {
        clearTimeout(t);
        resolve();
      });
      socket.end();
    });
  }

  /** Apply changed intervals to the running schedule (the 1062/1064 commands call it). */
  reschedule() {
    if (this.#started) this.#schedule();
  }

  /** Sample the sensors and upload a 2011 (values also go into the minute period). */
  sendRealtime() {
    const at = this.now();
    const { data } = this.model.sample(Math.max(0, (at - this.#lastSample) / 1000), at);
    this.#lastSample = at;
    const values: Record<string, Hj212Value> = {};
    for (const [code, v] of Object.entries(data)) {
      if (typeof v !== 'number') continue;
      values[code] = { Rtd: v, Flag: this.#dataFlag() };
      const p = this.#period.get(code);
      if (p) Object.assign(p, { min: Math.min(p.min, v), max: Math.max(p.max, v), sum: p.sum + v, n: p.n + 1 });
      else this.#period.set(code, { min: v, max: v, sum: v, n: 1 });
    }
    this.#upload(realtimeData(this.#address, at, values, this.#uploadOptions()));
  }

  /** Upload a 2051 of the period since the last one (DataTime: its start, to the minute), and start a new period. */
  sendMinute() {
    if (this.#period.size === 0) this.sendRealtime();
    const values: Record<string, Hj212Value> = {};
    for (const [code, p] of this.#period) {
      values[code] = { Min: p.min, Avg: Math.round((p.sum / p.n) * 10) / 10, Max: p.max, Flag: this.#dataFlag() };
    }
    const start = Math.floor(this.#periodStart / 60_000) * 60_000;
    this.#period.clear();
    this.#periodStart = this.now();
    this.#upload(minuteData(this.#address, start, values, this.#uploadOptions()));
  }

  #dataFlag() {
    return this.#opt.dataFlag ?? 'N';
  }

  /** Each upload's QN is unique: two in one millisecond get the next one. */
  #uploadOptions() {
    this.#lastQnAt = Math.max(this.now(), this.#lastQnAt + 1);
    return { qn: formatQn(this.#lastQnAt), ack: this.#opt.ack ?? true };
  }

  #upload(p: Hj212Packet) {
    if (!this.#write(p)) return;
    this.counters.uploads++;
    if (p.qn === undefined || !(this.#opt.ack ?? true)) return;
    this.#pending.add(p.qn);
    // A server that never answers must not grow the set without end.
    if (this.#pending.size > PENDING_ACKS_MAX) this.#pending.delete(this.#pending.values().next().value!);
  }

  #write(p: Hj212Packet): boolean {
    if (!this.connected) return false;
    this.#socket!.write(encodePacket(p));
    return true;
  }

  #schedule() {
    clearInterval(this.#rtdTimer);
    clearInterval(this.#minTimer);
    const second = this.#opt.secondMs ?? 1000;
    this.#rtdTimer = setInterval(() => this.sendRealtime(), this.rtdIntervalS * second);
    this.#minTimer = setInterval(() => this.sendMinute(), this.minIntervalMin * 60 * second);
  }

  #dial() {
    if (!this.#started) return;
    const socket = net.connect({ host: this.#opt.host, port: this.#opt.port });
    this.#socket = socket;
    this.#decoder = new Hj212StreamDecoder();
    socket.setNoDelay(true);
    socket.on('connect', () => {
      this.counters.connects++;
      this.#backoff.reset();
      this.#opt.log?.('hj212 connected', { mn: this.#opt.mn });
    });
    socket.on('data', (chunk) => this.#onData(chunk));
    socket.on('error', (err) => this.#opt.log?.('hj212 socket error', { error: err.message }));
    socket.on('close', () => {
      if (this.#socket !== socket || !this.#started) return;
      this.#socket = undefined;
      this.#retry = setTimeout(() => this.#dial(), this.#backoff.next());
    });
  }

  #onData(chunk: Buffer) {
    for (const item of this.#decoder.push(chunk)) {
      if (!item.ok) {
        this.counters.badFrames++;
        continue;
      }
      const parsed = parseDataSegment(item.data);
      if (!parsed.ok) {
        this.counters.badFrames++;
        continue;
      }
      this.#onPacket(parsed.packet);
    }
  }

  #onPacket(p: Hj212Packet) {
    if (p.cn === CN.dataAnswer) {
      const qn = answeredQn(p);
      if (qn !== undefined && this.#pending.delete(qn)) this.counters.acked++;
      return;
    }
    if (p.cn === CN.requestAnswer || p.cn === CN.executionResult || p.cn === CN.notifyAnswer) return;
    this.counters.commands++;
    if (p.mn !== this.#opt.mn) return void this.#write(requestAnswer(p, QnRtn.badMn));
    if (p.pw !== this.#opt.pw) return void this.#write(requestAnswer(p, QnRtn.badPassword));
    const run = Object.hasOwn(COMMANDS, p.cn) ? COMMANDS[p.cn] : undefined;
    if (!run) return void this.#write(requestAnswer(p, QnRtn.badCn));
    this.#write(requestAnswer(p, QnRtn.ready));
    const { reply, exeRtn } = run(this, p);
    if (reply) this.#write(reply);
    this.#write(executionResult(p, exeRtn));
  }
}

type Command = (m: Hj212Monitor, p: Hj212Packet) => { reply?: Hj212Packet; exeRtn: number };

/** A whole number within [min, max], or undefined. */
function intParam(text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

/**
 * A command that sets one of the monitor's upload intervals from its parameter `name` (a whole number
 * from 1 to `max`), then reschedules the uploads.
 */
const setIntervalCommand =
  (name: string, max: number, set: (m: Hj212Monitor, value: number) => void): Command =>
  (m, p) => {
    const value = intParam(p.cp.other[name], 1, max);
    if (value === undefined) return { exeRtn: ExeRtn.badCondition };
    set(m, value);
    m.reschedule();
    return { exeRtn: ExeRtn.ok };
  };

/** The server's commands the monitor carries out, by CN. */
const COMMANDS: Record<string, Command> = {
  [CN.getTime]: (m, p) => ({
    reply: timeReply(p, m.address, m.now(), { polId: p.cp.other.PolId }),
    exeRtn: ExeRtn.ok,
  }),
  [CN.setTime]: (m, p) => {
    const at = parseHjTime(p.cp.other.SystemTime ?? '');
    if (!at) return { exeRtn: ExeRtn.badCondition };
    m.clockOffsetMs = at.getTime() - Date.now();
    return { exeRtn: ExeRtn.ok };
  },
  [CN.getRtdInterval]: (m, p) => ({ reply: rtdIntervalReply(p, m.address, m.rtdIntervalS), exeRtn: ExeRtn.ok }),
  [CN.setRtdInterval]: setIntervalCommand('RtdInterval', 86_400, (m, s) => (m.rtdIntervalS = s)),
  [CN.getMinInterval]: (m, p) => ({ reply: minIntervalReply(p, m.address, m.minIntervalMin), exeRtn: ExeRtn.ok }),
  [CN.setMinInterval]: setIntervalCommand('MinInterval', 1_440, (m, min) => (m.minIntervalMin = min)),
};
