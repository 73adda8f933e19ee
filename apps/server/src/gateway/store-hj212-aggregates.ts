import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { asJson } from './store-json.ts';

/** One row of `hj212_aggregates`: a period's statistics of one code, as an HJ 212 monitor computed them. */
export interface Hj212AggregateRow {
  deviceId: number;
  period: 'minute' | 'hour' | 'day';
  at: Date;
  code: string;
  avg: number | null;
  min: number | null;
  max: number | null;
  cou: number | null;
  flag: string | null;
}

/** Rows held at most; beyond, the oldest are dropped (a database down for long). */
const MAX_AGGREGATES_HELD = 200_000;

/**
 * HJ 212 minute/hour/day data into `hj212_aggregates`, batched: one INSERT per flush (default every
 * second), a period sent again replacing the stored one. A failed flush keeps its rows for the next.
 */
export class DbHj212AggregateSink {
  #rows: Hj212AggregateRow[] = [];
  #flushing?: Promise<void>;
  #timer: NodeJS.Timeout;
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void = () => {},
    flushMs = 1_000,
  ) {
    this.#timer = setInterval(() => void this.flush(), flushMs);
    this.#timer.unref();
  }

  add(rows: readonly Hj212AggregateRow[]) {
    this.#rows.push(...rows);
    if (this.#rows.length > MAX_AGGREGATES_HELD) {
      const over = this.#rows.length - MAX_AGGREGATES_HELD;
      this.#rows.splice(0, over);
      this.dropped += over;
    }
  }

  async flush(): Promise<void> {
    if (this.#flushing) return this.#flushing;
    if (this.#rows.length === 0) return;
    const batch = this.#rows.splice(0);
    // The last of each key wins within a batch (ON CONFLICT cannot touch one row twice in a statement).
    const byKey = new Map<string, Hj212AggregateRow>();
    for (const r of batch) byKey.set(`${r.deviceId}|${r.period}|${r.at.getTime()}|${r.code}`, r);
    const rows = [...byKey.values()].map((r) => ({ ...r, at: r.at.toISOString() }));
    this.#flushing = this.db
      .execute(
        sql`
        insert into hj212_aggregates (device_id, period, at, code, avg, min, max, cou, flag)
        select v."deviceId", v.period, v.at, v.code, v.avg, v.min, v.max, v.cou, v.flag
        from jsonb_to_recordset(${asJson(rows)})
          as v("deviceId" int, period text, at timestamptz, code text, avg float8, min float8, max float8, cou float8, flag text)
        on conflict (device_id, period, at, code) do update set
          avg = excluded.avg, min = excluded.min, max = excluded.max, cou = excluded.cou, flag = excluded.flag,
          received_at = now()`,
      )
      .then(
        () => {},
        (err: unknown) => {
          this.#rows.unshift(...batch);
          this.onError(err);
        },
      )
      .finally(() => (this.#flushing = undefined));
    return this.#flushing;
  }

  /** Stop the timer and write what is held. */
  async close() {
    clearInterval(this.#timer);
    await this.#flushing;
    await this.flush();
  }
}
