import {
  CN,
  ExeRtn,
  QnRtn,
  answeredQn,
  formatQn,
  getMinInterval,
  getRtdInterval,
  getTime,
  parseHjTime,
  setMinInterval,
  setRtdInterval,
  setTime,
  type Hj212Address,
  type Hj212Packet,
} from '@siteops/contracts/hj212';

/**
 * The configuration keys of an HJ 212 monitor (`config.get` / `config.set`): the real-time (2011)
 * interval in seconds (1061/1062), the minute-data (2051) interval in minutes (1063/1064), and its
 * clock (1011/1012; set it to an ISO time, or `now` for the server's).
 */
export const HJ212_CONFIG_KEYS = ['rtdIntervalS', 'minIntervalMin', 'systemTime'] as const;
type ConfigKey = (typeof HJ212_CONFIG_KEYS)[number];

/** A command the monitor never finishes is forgotten after this. */
const EXCHANGE_TIMEOUT_MS = 30_000;

interface Exchange {
  request: Hj212Packet;
  reply?: Hj212Packet;
  resolve: (r: { reply?: Hj212Packet }) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

class CommandFailed extends Error {}

/** Parameters the monitor cannot take: the RPC is answered `badParams`, nothing is sent. */
export class BadParams extends Error {}

/** What the commands need of the monitor's connection. */
export interface Hj212CommandLink {
  write(p: Hj212Packet): void;
  /** Who commands go to: the monitor's own MN, PW, system code and edition. */
  address(): Hj212Address;
  /** The monitor's real-time interval, as it said (1061) or was told (1062): presence is judged by it. */
  intervalIs(seconds: number): void;
}

/**
 * The requests the server sends one HJ 212 monitor, and their replies:
 * request -> 9011 (QnRtn) -> data reply (gets) -> 9012 (ExeRtn), all under the request's QN.
 * The gateway's `config.get` / `config.set` become the standard's clock and interval commands.
 */
export class Hj212Commands {
  #exchanges = new Map<string, Exchange>();
  #lastQn = 0;

  constructor(private readonly link: Hj212CommandLink) {}

  /** A QN no earlier request of this link had. */
  qn(): string {
    this.#lastQn = Math.max(Date.now(), this.#lastQn + 1);
    return formatQn(this.#lastQn);
  }

  /** The connection closed: no reply will come. */
  forget() {
    for (const ex of this.#exchanges.values()) clearTimeout(ex.timer);
    this.#exchanges.clear();
  }

  /** Ask the monitor its real-time interval (nothing happens if it does not say). */
  learnInterval() {
    void this.#exchange(getRtdInterval(this.link.address(), { qn: this.qn() })).then(
      ({ reply }) => this.#learnInterval(reply),
      () => {},
    );
  }

  #exchange(request: Hj212Packet): Promise<{ reply?: Hj212Packet }> {
    return new Promise((resolve, reject) => {
      const qn = request.qn!;
      const timer = setTimeout(() => {
        if (this.#exchanges.delete(qn)) reject(new CommandFailed(`no answer to CN ${request.cn}`));
      }, EXCHANGE_TIMEOUT_MS);
      timer.unref();
      this.#exchanges.set(qn, { request, resolve, reject, timer });
      this.link.write(request);
    });
  }

  /** A 9011, a data reply or a 9012 from the monitor: it moves its request's exchange on. */
  reply(p: Hj212Packet) {
    const qn = answeredQn(p);
    const ex = qn === undefined ? undefined : this.#exchanges.get(qn);
    if (!ex || qn === undefined) return;
    const done = () => {
      this.#exchanges.delete(qn);
      clearTimeout(ex.timer);
    };
    if (p.cn === CN.requestAnswer) {
      const qnRtn = Number(p.cp.other.QnRtn);
      if (qnRtn !== QnRtn.ready) {
        done();
        ex.reject(new CommandFailed(`the monitor refused CN ${ex.request.cn} (QnRtn=${p.cp.other.QnRtn ?? '?'})`));
      }
      return;
    }
    if (p.cn === CN.executionResult) {
      done();
      const exeRtn = Number(p.cp.other.ExeRtn);
      if (exeRtn === ExeRtn.ok) ex.resolve({ reply: ex.reply });
      else
        ex.reject(new CommandFailed(`CN ${ex.request.cn} failed on the monitor (ExeRtn=${p.cp.other.ExeRtn ?? '?'})`));
      return;
    }
    ex.reply = p;
  }

  #learnInterval(reply: Hj212Packet | undefined) {
    const s = Number(reply?.cp.other.RtdInterval);
    if (Number.isInteger(s) && s > 0) this.link.intervalIs(s);
  }

  async configGet(keys: string[] | undefined) {
    const asked = keys?.length ? keys : [...HJ212_CONFIG_KEYS];
    const unknown = asked.filter((k) => !(HJ212_CONFIG_KEYS as readonly string[]).includes(k));
    if (unknown.length) throw new BadParams(`An HJ 212 monitor has no ${unknown.join(', ')}`);
    const config: Partial<Record<ConfigKey, unknown>> = {};
    const to = this.link.address();
    for (const key of asked as ConfigKey[]) {
      if (key === 'rtdIntervalS') {
        const { reply } = await this.#exchange(getRtdInterval(to, { qn: this.qn() }));
        this.#learnInterval(reply);
        config.rtdIntervalS = intOf(reply?.cp.other.RtdInterval);
      } else if (key === 'minIntervalMin') {
        const { reply } = await this.#exchange(getMinInterval(to, { qn: this.qn() }));
        config.minIntervalMin = intOf(reply?.cp.other.MinInterval);
      } else {
        const { reply } = await this.#exchange(getTime(to, { qn: this.qn() }));
        const at = reply?.cp.other.SystemTime ? parseHjTime(reply.cp.other.SystemTime) : null;
        config.systemTime = at ? at.toISOString() : null;
      }
    }
    return { config };
  }

  async configSet(config: Record<string, unknown>) {
    const to = this.link.address();
    const plan: { key: ConfigKey; packet: Hj212Packet; value: unknown }[] = [];
    for (const [key, value] of Object.entries(config)) {
      if (key === 'rtdIntervalS') {
        const s = wholeIn(value, 1, 86_400, key);
        plan.push({ key, value: s, packet: setRtdInterval(to, s, { qn: this.qn() }) });
      } else if (key === 'minIntervalMin') {
        const m = wholeIn(value, 1, 1_440, key);
        plan.push({ key, value: m, packet: setMinInterval(to, m, { qn: this.qn() }) });
      } else if (key === 'systemTime') {
        const at = value === 'now' ? new Date() : typeof value === 'string' ? new Date(value) : null;
        if (!at || Number.isNaN(at.getTime())) throw new BadParams('systemTime must be an ISO time or "now"');
        plan.push({ key, value: at.toISOString(), packet: setTime(to, at, { qn: this.qn() }) });
      } else {
        throw new BadParams(`An HJ 212 monitor has no ${key}; it has ${HJ212_CONFIG_KEYS.join(', ')}`);
      }
    }
    const done: Record<string, unknown> = {};
    for (const step of plan) {
      await this.#exchange(step.packet);
      done[step.key] = step.value;
      if (step.key === 'rtdIntervalS') this.link.intervalIs(step.value as number);
    }
    return { config: done, changed: Object.keys(done) };
  }
}

function intOf(text: string | undefined): number | null {
  const n = Number(text);
  return text !== undefined && Number.isInteger(n) ? n : null;
}

function wholeIn(value: unknown, min: number, max: number, key: string): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw new BadParams(`${key} must be a whole number from ${min} to ${max}`);
  }
  return n;
}
