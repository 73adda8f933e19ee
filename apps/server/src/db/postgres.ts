import type pgTypes from 'pg';
import { DatabaseUnavailableError } from './unavailable.ts';
import { nameQueryConfig, statementNames } from './statements.ts';

/** How long the pool waits on an unresponsive server, in milliseconds (DATABASE_* settings). */
export interface PgTimeouts {
  /** Opening a connection (and waiting for a free pooled one). */
  connectMs: number;
  /** A query with no answer fails after this (client side) and the server cancels it (statement_timeout). */
  queryMs: number;
  /** An idle pooled connection is closed after this. */
  idleMs: number;
  /** TCP keepalive probes start after this much silence on a connection. */
  keepAliveMs: number;
}

export const DEFAULT_PG_TIMEOUTS: PgTimeouts = {
  connectMs: 3_000,
  queryMs: 30_000,
  idleMs: 30_000,
  keepAliveMs: 10_000,
};

/** How often the watchdog asks the server `select 1`, and how long it waits for the answer. */
const PROBE_EVERY_MS = 1_000;
const PROBE_TIMEOUT_MS = 2_000;

export type PgState = { up: true } | { up: false; reason: string };

/**
 * A pg pool that survives a partition. Timeouts alone are not enough: a pooled connection whose
 * server went silent hangs every query given to it until the query timeout, and node-postgres keeps
 * such a connection after its query timed out (it waits for an answer that never comes). So:
 * - a query that timed out destroys its connection (the pool then drops it);
 * - a watchdog asks `select 1` every second on its own connection; when it gets no answer the
 *   database is "down": every pooled connection is destroyed (in-flight queries fail now, not in
 *   minutes) and new checkouts fail at once with DatabaseUnavailableError, which the API answers as
 *   503. Its first answer after that makes the database "up" again: service resumes by itself.
 */
export function createResilientPool(
  pg: typeof pgTypes,
  url: string,
  max: number,
  t: PgTimeouts,
  onState: (s: PgState) => void,
) {
  const common = {
    connectionString: url,
    connectionTimeoutMillis: t.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: t.keepAliveMs,
  };
  // A connection that stays in a transaction (its client partitioned away) must not hold locks for ever.
  const session = {
    query_timeout: t.queryMs,
    statement_timeout: t.queryMs,
    idle_in_transaction_session_timeout: Math.max(t.queryMs, 10_000),
  };

  const names = statementNames();
  class DroppingClient extends pg.Client {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query() has a dozen overloads
    override query(...given: any[]): any {
      const args = nameQueryConfig(names, given);
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const cb = args[last] as (err: Error | null, res: unknown) => void;
        args[last] = (err: Error | null, res: unknown) => {
          if (err) this.dropIfTimedOut(err);
          cb(err, res);
        };
        return (super.query as (...a: unknown[]) => unknown)(...args);
      }
      const result = (super.query as (...a: unknown[]) => unknown)(...args);
      if (result instanceof Promise) {
        return result.catch((err: Error) => {
          this.dropIfTimedOut(err);
          throw err;
        });
      }
      return result;
    }
    private dropIfTimedOut(err: Error) {
      if (err.message === 'Query read timeout') destroy(this);
    }
  }

  const live = new Set<pgTypes.Client>();
  let down: string | null = null;

  class GuardedPool extends pg.Pool {
    // While the watchdog says "down", a checkout fails at once instead of after the connect timeout.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- connect() is overloaded (callback or promise)
    override connect(cb?: any): any {
      if (down !== null) {
        const err = new DatabaseUnavailableError(down);
        if (cb) return void process.nextTick(() => cb(err));
        return Promise.reject(err);
      }
      return cb ? super.connect(cb) : super.connect();
    }
  }

  const pool = new GuardedPool({ ...common, ...session, max, idleTimeoutMillis: t.idleMs, Client: DroppingClient });
  pool.on('connect', (c) => {
    live.add(c);
    // A client checked out but between queries (inside a transaction, say) that loses its server emits
    // 'error' with nobody listening, which would crash the process; its next query fails anyway.
    c.on('error', () => {});
  });
  pool.on('remove', (c) => live.delete(c));
  // An idle client losing its server must not crash the process.
  pool.on('error', () => {});

  let probe: pgTypes.Client | null = null;
  let probing = false;
  let stopped = false;
  const check = async () => {
    if (probing || stopped) return;
    probing = true;
    try {
      if (!probe) {
        const c = new pg.Client({ ...common, connectionTimeoutMillis: Math.min(t.connectMs, PROBE_TIMEOUT_MS) });
        c.on('error', () => {});
        probe = c;
        await c.connect();
      }
      await probe.query({ text: 'select 1', query_timeout: PROBE_TIMEOUT_MS } as pgTypes.QueryConfig);
      if (down !== null) {
        down = null;
        onState({ up: true });
      }
    } catch (err) {
      if (probe) destroy(probe);
      probe = null;
      if (down === null && !stopped) {
        down = describe(err);
        // Fail what is in flight now: those connections may be as dead as the probe's.
        for (const c of live) destroy(c);
        onState({ up: false, reason: down });
      }
    } finally {
      probing = false;
    }
  };
  const timer = setInterval(() => void check(), PROBE_EVERY_MS);
  timer.unref();

  return {
    pool,
    async end() {
      stopped = true;
      clearInterval(timer);
      if (probe) await probe.end().catch(() => {});
      await pool.end();
    },
  };
}

function destroy(c: pgTypes.Client) {
  (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** One line for a connection failure: pg's message, or the code when Node gives none (AggregateError). */
export function describe(err: unknown): string {
  const e = err as { message?: string; code?: string; errors?: { message?: string }[] };
  return e?.message || e?.errors?.[0]?.message || e?.code || String(err);
}
