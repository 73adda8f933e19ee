import type net from 'node:net';
import { transportCarries, type ServerMessage } from '@siteops/contracts/device-protocol';
import {
  CN,
  Hj212Receiver,
  QnRtn,
  encodePacket,
  needsAck,
  requestAnswer,
  setTime,
  versionOf,
  type Hj212Address,
  type Hj212Packet,
} from '@siteops/contracts/hj212';
import { aggregatesOf, type Hj212Aggregate } from './aggregates.ts';
import { BadParams, Hj212Commands } from './commands.ts';
import { realtimeTelemetryOf } from './uploads.ts';
import type { LinkInput, LinkTransport } from '../transport.ts';

/** Until the monitor says (1061), its real-time interval is taken to be this (seconds). */
export const DEFAULT_RTD_INTERVAL_S = 60;
/** How long a new connection may wait for its first upload (the listener's idle limit is the same). */
export const FIRST_WORD_MS = 10 * 60_000;
/** Packets held while the first one's credentials are checked. */
const MAX_HELD = 64;

export interface Hj212Counters {
  /** Frames that did not decode (bad CRC, bad length, oversize, garbage) or whose data segment did not parse. */
  badFrames: number;
  /** Good packets. */
  packets: number;
  /** 9014 data answers written. */
  dataAnswers: number;
  /** Packets with another MN or PW than the link's, dropped. */
  foreign: number;
}

export interface Hj212Hooks {
  counters: Hj212Counters;
  /** Minute, hour and day data, once the link is up. */
  aggregates?: (rows: Hj212Aggregate[]) => void;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

/**
 * One HJ 212 monitor's TCP connection as a device link. Its first good packet authenticates it (MN +
 * PW through the gateway's handshake); real-time data (2011) becomes the dust device's telemetry with
 * its data flags; minute/hour/day data goes to the aggregates; each upload that asks is answered with
 * a 9014; a 1013 gets its 9013 and the server's time (1012). Bad frames are counted and skipped.
 * The gateway's `config.get` / `config.set` become the standard's clock and interval commands
 * (commands.ts); any other RPC is refused before it is sent (`carries`).
 */
export class Hj212Transport implements LinkTransport {
  readonly kind = 'hj212';
  readonly receiver = new Hj212Receiver();
  /** Seconds between the monitor's real-time uploads, as it last said (1061) or was told (1062). */
  rtdIntervalS = DEFAULT_RTD_INTERVAL_S;
  #input?: LinkInput;
  #state: 'new' | 'authing' | 'up' | 'closed' = 'new';
  /** The packet that authenticated the link: who the monitor is, and whom commands are addressed to. */
  #first?: Hj212Packet;
  #held: Hj212Packet[] = [];
  #heldAnswers: Hj212Packet[] = [];
  #commands = new Hj212Commands({
    write: (p) => this.#write(p),
    address: () => this.#address(),
    intervalIs: (seconds) => {
      this.rtdIntervalS = seconds;
    },
  });
  #heartbeatMs = 30_000;
  #lastBeat = 0;

  constructor(
    private readonly socket: net.Socket,
    private readonly hooks: Hj212Hooks,
  ) {}

  bind(input: LinkInput) {
    this.#input = input;
    this.socket.on('data', (chunk: Buffer) => this.#onData(chunk));
    this.socket.on('close', () => {
      this.#state = 'closed';
      this.#commands.forget();
      input.closed();
    });
  }

  get writable() {
    return this.#state !== 'closed' && !this.socket.destroyed && this.socket.writable;
  }

  /** A monitor dialling in says nothing until its next upload: up to a real-time interval of an hour. */
  readonly firstWordMs = FIRST_WORD_MS;

  /** Silent for two real-time intervals: gone. */
  get minSilenceMs() {
    return 2 * this.rtdIntervalS * 1000;
  }

  carries(method: string) {
    return transportCarries(this.kind, method);
  }

  send(message: ServerMessage) {
    switch (message.type) {
      case 'auth.ok':
        this.#heartbeatMs = message.heartbeatSeconds * 1000;
        this.#up();
        return;
      case 'auth.refused':
        return this.#refused(message.reason);
      case 'rpc':
        void this.#rpc(message.id, message.method, message.params);
        return;
      default:
        // heartbeat.ack, event.ack, error...: nothing of it exists in HJ 212.
        return;
    }
  }

  sendFrame() {}

  close(_code: number, _reason: string) {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 2_000).unref();
  }

  #write(p: Hj212Packet) {
    if (!this.writable) return;
    try {
      this.socket.write(encodePacket(p));
    } catch (err) {
      this.hooks.log?.('hj212 packet not written', { err: (err as Error).message, cn: p.cn });
    }
  }

  #onData(chunk: Buffer) {
    try {
      this.#read(chunk);
    } catch (err) {
      // Whatever a peer sends, it costs at most its own connection, never the listener.
      this.hooks.log?.('hj212 connection failed', { err: (err as Error).message });
      this.socket.destroy();
    }
  }

  #read(chunk: Buffer) {
    const got = this.receiver.push(chunk);
    const { counters } = this.hooks;
    counters.badFrames += got.errors.length;
    if (got.errors.length) this.hooks.log?.('hj212 bad frames', { errors: got.errors.slice(0, 3) });
    counters.packets += got.packets.length;
    for (const answer of got.answers) {
      // Owed answers go out once the monitor is known to be who it says.
      if (this.#state === 'up') this.#answer(answer);
      else if (this.#state !== 'closed' && this.#heldAnswers.length < MAX_HELD) this.#heldAnswers.push(answer);
    }
    for (const p of got.packets) this.#onPacket(p);
  }

  #answer(answer: Hj212Packet) {
    if (answer.cn === CN.dataAnswer) this.hooks.counters.dataAnswers++;
    this.#write(answer);
  }

  #onPacket(p: Hj212Packet) {
    if (this.#state === 'closed') return;
    if (this.#state === 'new') {
      this.#state = 'authing';
      this.#first = p;
      this.#held.push(p);
      this.#input!.authenticate({ kind: 'hj212', mn: p.mn, pw: p.pw });
      return;
    }
    if (this.#state === 'authing') {
      if (this.#held.length < MAX_HELD) this.#held.push(p);
      return;
    }
    this.#handle(p);
  }

  #up() {
    this.#state = 'up';
    for (const a of this.#heldAnswers.splice(0)) this.#answer(a);
    for (const p of this.#held.splice(0)) this.#handle(p);
    // Learn the monitor's real-time interval, which presence is judged by.
    this.#commands.learnInterval();
  }

  /** Refused: answered as the standard answers a request it will not carry out (9011), when asked; then closed. */
  #refused(reason: string) {
    const first = this.#first;
    this.#held = [];
    this.#heldAnswers = [];
    if (first && needsAck(first.flag)) {
      const qnRtn = reason === 'badSecret' ? QnRtn.badPassword : reason === 'unknown' ? QnRtn.badMn : QnRtn.refused;
      this.#write(requestAnswer(first, qnRtn));
    }
  }

  /** Who commands go to: the monitor's own MN, PW, system code and edition. */
  #address(): Hj212Address {
    const f = this.#first!;
    return { st: f.st, pw: f.pw, mn: f.mn, version: versionOf(f) };
  }

  #handle(p: Hj212Packet) {
    const first = this.#first!;
    const input = this.#input!;
    if (p.mn !== first.mn || p.pw !== first.pw) {
      // One link is one monitor: another MN (a data logger multiplexing units) or PW is not taken.
      this.hooks.counters.foreign++;
      if (needsAck(p.flag) && !p.cn.startsWith('9')) {
        this.#write(requestAnswer(p, p.mn !== first.mn ? QnRtn.badMn : QnRtn.badPassword));
      }
      return;
    }
    this.#beat();
    switch (p.cn) {
      case CN.realtime:
        return this.#realtime(p);
      case CN.minute:
      case CN.hour:
      case CN.day:
        input.alive();
        return this.#aggregates(p);
      case CN.timeCalibration:
        // Its 9013 is owed (sent above); then the server's time.
        input.alive();
        this.#write(setTime(this.#address(), Date.now(), { qn: this.#commands.qn(), polId: p.cp.other.PolId }));
        return;
      case CN.requestAnswer:
      case CN.executionResult:
      case CN.getTime:
      case CN.getRtdInterval:
      case CN.getMinInterval:
        input.alive();
        return this.#commands.reply(p);
      default:
        // 2021 status, 3020 information, 9013/9014 from the unit: acknowledged if asked, nothing stored.
        input.alive();
    }
  }

  /** The gateway's presence hears a heartbeat at most once per heartbeat interval of the link. */
  #beat() {
    const now = Date.now();
    if (now - this.#lastBeat < this.#heartbeatMs / 2) return;
    this.#lastBeat = now;
    this.#input!.json({ type: 'heartbeat' }, 0);
  }

  #realtime(p: Hj212Packet) {
    const message = realtimeTelemetryOf(p);
    if (!message) return this.#input!.alive();
    this.#input!.json(message, 0);
  }

  #aggregates(p: Hj212Packet) {
    const deviceId = this.#input!.deviceId;
    const sink = this.hooks.aggregates;
    if (!sink || !deviceId) return;
    const rows = aggregatesOf(p, deviceId);
    if (rows.length) sink(rows);
  }

  async #rpc(id: string, method: string, params: unknown) {
    const input = this.#input!;
    try {
      const result =
        method === 'config.get'
          ? await this.#commands.configGet((params as { keys?: string[] }).keys)
          : await this.#commands.configSet((params as { config: Record<string, unknown> }).config);
      if (this.writable) input.json({ type: 'rpc.result', id, result }, 0);
    } catch (err) {
      const code = err instanceof BadParams ? 'badParams' : 'failed';
      if (this.writable) input.json({ type: 'rpc.result', id, error: { code, message: (err as Error).message } }, 0);
    }
  }
}
