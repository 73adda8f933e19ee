import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  CERTIFICATE_WARN_DAYS,
  TRADE_REQUIRED_CERTIFICATES,
  type CertificateState,
} from '@siteops/contracts/labour/certificates';
import { DEFAULT_UTC_OFFSET_MINUTES } from '@siteops/contracts/labour/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { firstThenEvery } from '../../core/rounds.ts';
import type { WorkerGates } from './gate.ts';

/**
 * Required certificates (issue 35, decision 0025): a worker whose trade requires a certificate
 * (contracts' TRADE_REQUIRED_CERTIFICATES) and who has none of an accepted type valid on the project's
 * today is flagged; when the project requires a valid certificate, it is also kept off the face
 * terminals (`labour_workers.certificate_barred`, which the terminals' sync reads). The flag is worked
 * out on read; the bar is kept up to date in the transaction of every change that moves it (a
 * certificate, a worker's trade, the setting) and by a periodic check for certificates that expired
 * since: the check compares the stored bar with what it should be, so a missed run (a restart, a
 * server down over midnight) is caught up by the next one.
 */

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const PAIRS = Object.entries(TRADE_REQUIRED_CERTIFICATES).flatMap(([trade, types]) =>
  (types ?? []).map((type) => quote(`${type}:${trade}`)),
);
const REQUIRING_TRADES = Object.keys(TRADE_REQUIRED_CERTIFICATES).map(quote);
// Constants of this file's own (no input): inlined so the fragments stay plain SQL in any statement.
const PAIR_LIST = sql.raw(PAIRS.join(', '));
const TRADE_LIST = sql.raw(REQUIRING_TRADES.join(', '));

/** Column expressions of the worker a fragment is about (`labour_workers` under whatever name the statement gives it). */
export interface WorkerColumns {
  id: SQL;
  trade: SQL;
  projectId: SQL;
}

/** Whether the worker's trade requires a certificate. */
export const requiresCertificate = (w: WorkerColumns) => sql`(${w.trade} in (${TRADE_LIST}))`;

/** The project's today (its wall clock's date), as a SQL date. */
export const projectToday = (w: WorkerColumns) =>
  sql`((now() at time zone 'UTC') + make_interval(mins => coalesce((select s.utc_offset_minutes from labour_settings s where s.project_id = ${w.projectId}), ${sql.raw(String(DEFAULT_UTC_OFFSET_MINUTES))})))::date`;

/** The latest valid-until date among the worker's certificates of a type its trade accepts (null: none). */
export const requiredValidUntil = (w: WorkerColumns) =>
  sql`(select max(c.valid_until) from labour_certificates c where c.worker_id = ${w.id} and c.type || ':' || ${w.trade} in (${PAIR_LIST}))`;

/** The worker's required certificate state today (null: its trade requires none), as text. */
export const certificateStateSql = (w: WorkerColumns) => {
  const until = requiredValidUntil(w);
  const today = projectToday(w);
  return sql<CertificateState | null>`(case
    when not ${requiresCertificate(w)} then null
    when ${until} is null then 'missing'
    when ${until} < ${today} then 'expired'
    when ${until} <= ${today} + ${sql.raw(String(CERTIFICATE_WARN_DAYS))} then 'expiring'
    else 'valid' end)`;
};

const W: WorkerColumns = { id: sql.raw('w.id'), trade: sql.raw('w.trade'), projectId: sql.raw('w.project_id') };

/**
 * Sets `certificate_barred` of the workers `where` selects (on `w`, a labour_workers row) to what it
 * should be today, and marks those that changed for the terminals' sync (`gates`): a barred worker is
 * removed from its project's face terminals, one no longer barred is enrolled again. Answers the ids
 * whose bar changed. Run in the transaction of the change that may move it.
 */
export async function recheckCertificateBars(db: Db, gates: WorkerGates, where: SQL): Promise<number[]> {
  const res = await db.execute(sql`
    update labour_workers w set certificate_barred = b.barred
    from (
      select w.id,
        coalesce(s.require_valid_certificate, false)
          and ${requiresCertificate(W)}
          and not coalesce(${requiredValidUntil(W)} >= ${projectToday(W)}, false) as barred
      from labour_workers w
      left join labour_settings s on s.project_id = w.project_id
      where ${where}
    ) b
    where b.id = w.id and w.certificate_barred <> b.barred
    returning w.id`);
  const ids = rowsOf<{ id: number }>(res).map((r) => r.id);
  await gates.mark(db, ids);
  return ids;
}

/** The workers of these ids. */
export const workersIn = (ids: readonly number[]) =>
  sql`w.id in (select value::int from jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb))`;

/** How often the periodic check runs (and once shortly after the start). */
export const CERTIFICATE_CHECK_EVERY_MS = 3_600_000;

/**
 * The periodic check: certificates expire at a project's midnight with nothing written, so every hour
 * (and shortly after the start) the bars of the projects that require a valid certificate are worked out
 * again. Only the workers whose bar moved are touched; the result is the same run twice or on two
 * servers at once.
 */
export function scheduleCertificateCheck(
  app: Pick<FastifyInstance, 'log' | 'addHook'>,
  db: Db,
  gates: WorkerGates,
  timing = { firstMs: 5_000, everyMs: CERTIFICATE_CHECK_EVERY_MS },
) {
  const run = () =>
    db
      .transaction((tx) =>
        recheckCertificateBars(
          tx,
          gates,
          sql`(w.certificate_barred or exists (select 1 from labour_settings x where x.project_id = w.project_id and x.require_valid_certificate))`,
        ),
      )
      .then(
        (ids) => ids.length && app.log.info({ count: ids.length }, 'labour: certificate bars changed'),
        (err: unknown) => app.log.warn({ err }, 'labour: certificate check failed'),
      );
  const stop = firstThenEvery(run, timing.firstMs, timing.everyMs);
  app.addHook('onClose', async () => stop());
  return stop;
}
