/** What the simulated shell can tell about its device. */
export interface ShellHost {
  sn: string;
  name: string;
  type: string;
  mac: string;
  ip: () => string;
  uptimeS: () => number;
  config: () => Record<string, unknown>;
  versions: () => Record<string, string | undefined>;
  latest: () => Record<string, unknown>;
  /** Delay between ping replies (1000 like the real one; tests shorten it). */
  pingIntervalMs?: number;
}

const HELP = [
  'Built-in commands:',
  '  help              this list',
  '  uptime            time since boot and load',
  '  ifconfig          network interfaces',
  '  cat config        the device configuration (also: cat /etc/siteops/config.json)',
  '  cat version       firmware versions',
  '  ping <host> [-c N] reachability (Ctrl-C stops)',
  '  echo <text>       print text',
  '  date              current time',
  '  stty size         terminal rows and columns',
  '  readings          latest telemetry',
  '  hostname, whoami, uname -a, ls, clear',
  '  exit              close the terminal',
];

/**
 * A small line-oriented shell, as a device's busybox would give: echoes what is typed, handles
 * backspace, Ctrl-C and Ctrl-D, ignores cursor keys, and runs a handful of commands. Output uses
 * `\r\n` line ends, as a terminal expects.
 */
export class SimShell {
  cols: number;
  rows: number;
  #line = '';
  #escape = 0;
  #lastWasCr = false;
  #busy?: { timer: NodeJS.Timeout; done: () => void };
  #closed = false;
  readonly #prompt: string;

  constructor(
    private readonly host: ShellHost,
    private readonly out: (text: string) => void,
    private readonly onExit: (reason: string) => void,
    size: { cols: number; rows: number },
  ) {
    this.cols = size.cols;
    this.rows = size.rows;
    this.#prompt = `${host.sn}@siteops:~$ `;
    this.out(`SiteOps device shell on ${host.name} (${host.type}). Type 'help'.\r\n${this.#prompt}`);
  }

  resize(cols: number, rows: number) {
    this.cols = cols;
    this.rows = rows;
  }

  close() {
    this.#closed = true;
    if (this.#busy) clearTimeout(this.#busy.timer);
    this.#busy = undefined;
  }

  input(data: Buffer | string) {
    if (this.#closed) return;
    const text = typeof data === 'string' ? data : data.toString('utf8');
    for (const ch of text) {
      if (this.#closed) return;
      this.#key(ch);
    }
  }

  #key(ch: string) {
    const code = ch.codePointAt(0)!;
    // Skip ANSI escape sequences (cursor keys and the like): ESC [ ... final byte.
    if (this.#escape === 1) {
      this.#escape = ch === '[' || ch === 'O' ? 2 : 0;
      return;
    }
    if (this.#escape === 2) {
      if (code >= 0x40 && code <= 0x7e) this.#escape = 0;
      return;
    }
    if (code === 0x1b) {
      this.#escape = 1;
      return;
    }
    if (code === 0x03) {
      // Ctrl-C
      if (this.#busy) {
        const busy = this.#busy;
        clearTimeout(busy.timer);
        this.#busy = undefined;
        this.out('^C\r\n');
        busy.done();
      } else {
        this.#line = '';
        this.out(`^C\r\n${this.#prompt}`);
      }
      return;
    }
    if (this.#busy) return; // a command is running; input is discarded like a raw tty would
    if (ch === '\n' && this.#lastWasCr) {
      this.#lastWasCr = false;
      return;
    }
    this.#lastWasCr = ch === '\r';
    if (ch === '\r' || ch === '\n') {
      const line = this.#line;
      this.#line = '';
      this.out('\r\n');
      this.#run(line.trim());
      return;
    }
    if (code === 0x7f || code === 0x08) {
      if (this.#line.length > 0) {
        this.#line = [...this.#line].slice(0, -1).join('');
        this.out('\b \b');
      }
      return;
    }
    if (code === 0x04) {
      if (this.#line === '') this.#exit();
      return;
    }
    if (code < 0x20) return;
    this.#line += ch;
    this.out(ch);
  }

  #exit() {
    this.out('logout\r\n');
    this.#closed = true;
    this.onExit('exit');
  }

  #println(text = '') {
    this.out(`${text.replace(/\r?\n/g, '\r\n')}\r\n`);
  }

  #showPrompt() {
    if (!this.#closed) this.out(this.#prompt);
  }

  #run(line: string) {
    if (line === '') return this.#showPrompt();
    const [cmd, ...args] = line.split(/\s+/);
    const h = this.host;
    switch (cmd) {
      case 'help':
        this.#println(HELP.join('\n'));
        break;
      case 'uptime': {
        const up = h.uptimeS();
        const d = Math.floor(up / 86400);
        const hh = Math.floor((up % 86400) / 3600);
        const mm = Math.floor((up % 3600) / 60);
        const clock = new Date().toTimeString().slice(0, 8);
        this.#println(
          ` ${clock} up ${d} days, ${String(hh).padStart(2, ' ')}:${String(mm).padStart(2, '0')},  load average: 0.${10 + (up % 80)}, 0.21, 0.18`,
        );
        break;
      }
      case 'ifconfig':
        this.#println(
          [
            `eth0      Link encap:Ethernet  HWaddr ${h.mac}`,
            `          inet addr:${h.ip()}  Bcast:192.168.1.255  Mask:255.255.255.0`,
            '          UP BROADCAST RUNNING MULTICAST  MTU:1500  Metric:1',
            '',
            'lo        Link encap:Local Loopback',
            '          inet addr:127.0.0.1  Mask:255.0.0.0',
            '          UP LOOPBACK RUNNING  MTU:65536  Metric:1',
          ].join('\n'),
        );
        break;
      case 'cat': {
        const file = args[0];
        if (file === 'config' || file === '/etc/siteops/config.json') {
          this.#println(JSON.stringify(h.config(), null, 2));
        } else if (file === 'version' || file === '/etc/version') {
          this.#println(JSON.stringify(h.versions(), null, 2));
        } else this.#println(`cat: ${file ?? ''}: No such file or directory`);
        break;
      }
      case 'echo':
        this.#println(args.join(' '));
        break;
      case 'date':
        this.#println(new Date().toString());
        break;
      case 'hostname':
        this.#println(h.sn);
        break;
      case 'whoami':
        this.#println('root');
        break;
      case 'uname':
        this.#println(args[0] === '-a' ? `Linux ${h.sn} 4.19.111 #1 SMP PREEMPT armv7l GNU/Linux` : 'Linux');
        break;
      case 'ls':
        this.#println('config.json  logs  pictures  version');
        break;
      case 'clear':
        this.out('\x1b[H\x1b[2J');
        break;
      case 'stty':
        if (args[0] === 'size') this.#println(`${this.rows} ${this.cols}`);
        else this.#println('stty: only "stty size" is supported');
        break;
      case 'readings':
        this.#println(
          Object.entries(h.latest())
            .map(([k, v]) => `${k.padEnd(18)} ${String(v)}`)
            .join('\n') || '(none yet)',
        );
        break;
      case 'ping':
        return this.#ping(args);
      case 'exit':
      case 'logout':
        return this.#exit();
      default:
        this.#println(`sh: ${cmd}: not found`);
    }
    this.#showPrompt();
  }

  #ping(args: string[]) {
    let count = 4;
    const c = args.indexOf('-c');
    if (c >= 0) {
      count = Math.max(1, Math.min(100, Number(args[c + 1]) || 4));
      args.splice(c, 2);
    }
    const host = args[0];
    if (!host) {
      this.#println('ping: usage: ping <host> [-c count]');
      return this.#showPrompt();
    }
    let seed = 0;
    for (const ch of host) seed = (seed * 31 + ch.charCodeAt(0)) >>> 0;
    const unreachable = host.endsWith('.invalid');
    const ip = /^\d+\.\d+\.\d+\.\d+$/.test(host)
      ? host
      : `${10 + (seed % 200)}.${(seed >> 8) % 256}.${(seed >> 16) % 256}.${1 + (seed % 250)}`;
    if (unreachable) {
      this.#println(`ping: bad address '${host}'`);
      return this.#showPrompt();
    }
    this.#println(`PING ${host} (${ip}): 56 data bytes`);
    const times: number[] = [];
    let seq = 0;
    const finish = () => {
      const avg = times.length ? times.reduce((a, b) => a + b, 0) / times.length : 0;
      this.#println(`\n--- ${host} ping statistics ---`);
      this.#println(`${seq} packets transmitted, ${times.length} packets received, 0% packet loss`);
      if (times.length) {
        this.#println(
          `round-trip min/avg/max = ${Math.min(...times).toFixed(3)}/${avg.toFixed(3)}/${Math.max(...times).toFixed(3)} ms`,
        );
      }
      this.#showPrompt();
    };
    const tick = () => {
      const ms = 8 + (seed % 30) + Math.random() * 6;
      times.push(ms);
      this.#println(`64 bytes from ${ip}: seq=${seq} ttl=${54 + (seed % 10)} time=${ms.toFixed(3)} ms`);
      seq++;
      if (seq >= count) {
        this.#busy = undefined;
        finish();
        return;
      }
      this.#busy = { timer: setTimeout(tick, this.host.pingIntervalMs ?? 1000), done: finish };
    };
    this.#busy = { timer: setTimeout(tick, 0), done: finish };
  }
}
