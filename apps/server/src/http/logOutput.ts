import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's per-request lines ("incoming request", "request completed", "Route … not found") at debug,
 * not info: at the default level the log keeps what an operator acts on (start, outages, warnings,
 * errors). A request that failed while answering is still an error line.
 */
export class RequestLinesAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    if (!this.isLogDisabled(request)) request.log.debug(`Route ${request.method}:${request.url} not found`);
  }
}

const LEVELS: Record<number, [name: string, colour: number]> = {
  10: ['TRACE', 90],
  20: ['DEBUG', 36],
  30: ['INFO ', 32],
  40: ['WARN ', 33],
  50: ['ERROR', 31],
  60: ['FATAL', 35],
};
/** pino's own fields, shown in the line's head or not at all. */
const HEAD = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v']);

const paint = (on: boolean, code: number, text: string) => (on ? `\x1b[${code}m${text}\x1b[0m` : text);

function fieldText(key: string, value: unknown): string {
  if (key === 'req' && value && typeof value === 'object') {
    const req = value as { method?: string; url?: string };
    return `${req.method} ${req.url}`;
  }
  if (key === 'res' && value && typeof value === 'object') return `→ ${(value as { statusCode?: number }).statusCode}`;
  return `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
}

/**
 * One pino JSON line as a person reads it on a terminal: `12:03:04 WARN  message  key=value …`, an
 * error's stack indented below. A line that is not JSON passes as it is.
 */
export function prettyLine(line: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const [name, code] = LEVELS[entry.level as number] ?? ['LOG  ', 0];
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toTimeString().slice(0, 8);
  const fields: string[] = [];
  let stack = '';
  for (const [key, value] of Object.entries(entry)) {
    if (HEAD.has(key) || value === undefined) continue;
    if (key === 'err' && value && typeof value === 'object') {
      const err = value as { message?: string; stack?: string };
      fields.push(`err=${JSON.stringify(err.message)}`);
      stack = (err.stack ?? '').replace(/^/gm, '    ');
      continue;
    }
    fields.push(fieldText(key, value));
  }
  const tail = fields.length ? `  ${paint(colour, 2, fields.join(' '))}` : '';
  return `${paint(colour, 2, time)} ${paint(colour, code, name)} ${entry.msg ?? ''}${tail}\n${stack ? `${stack}\n` : ''}`;
}

interface Out {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * The server's logger options: JSON lines (for collectors) unless `out` is a terminal, where the same
 * lines are written as {@link prettyLine} (a hand formatter: pino-pretty would add a dozen packages),
 * coloured unless NO_COLOR is set.
 */
export function loggerOptions(level: string, out: Out = process.stdout) {
  if (!out.isTTY) return { level };
  const colour = !process.env.NO_COLOR;
  return { level, stream: { write: (line: string) => void out.write(prettyLine(line, colour)) } };
}

/** The msg of the JSON line with the first-start admin password: one fixed text to search logs for. */
export const ADMIN_PASSWORD_MESSAGE = 'FIRST START: password of the admin account "admin" (shown only now)';

/**
 * The first-start admin password, where the person starting the server notices it whatever LOG_LEVEL
 * says: a framed block of its own on a terminal, else one JSON line with {@link ADMIN_PASSWORD_MESSAGE}.
 */
export function announceAdminPassword(password: string, out: Out = process.stdout) {
  if (!out.isTTY) {
    out.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: ADMIN_PASSWORD_MESSAGE, password })}\n`);
    return;
  }
  const lines = [
    'First start: the administrator account is  admin',
    '',
    `    password:  ${password}`,
    '',
    'Shown only now. Log in, then change it under User → Settings.',
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const row = (text: string) => `  ║  ${text.padEnd(width - 4)}  ║`;
  out.write(['', `  ╔${'═'.repeat(width)}╗`, ...lines.map(row), `  ╚${'═'.repeat(width)}╝`, '', ''].join('\n'));
}
