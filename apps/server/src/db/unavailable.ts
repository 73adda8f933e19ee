/** A query refused because the database does not answer (the pool's watchdog says it is down). */
export class DatabaseUnavailableError extends Error {
  constructor(reason: string) {
    super(`database unavailable: ${reason}`);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket-level failures: the server is unreachable, not refusing the query. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and pg-pool say these in plain messages, without a code. */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Whether an error (or any error it wraps: drizzle puts the driver's at `cause`) means the database
 * could not be reached or answered in time, as opposed to a bad query. Such failures answer 503.
 * SQLSTATE class 08 is "connection exception"; 57P01-57P03 a server shutting down or starting;
 * 57014 a statement cancelled by statement_timeout.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '57014'].includes(code))
      return true;
    if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
