import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_ABSENT_DAYS } from '@siteops/contracts/labour/schemas';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { ModuleContext, Notifier } from '../../ports/context.ts';
import { andList, t, type MessageKey } from '../../core/messages/index.ts';
import { projectDays } from './figures.ts';

/**
 * Labour notifications (issue 35), kind `labour` (mutable per user like the others), to the project's
 * managers and its agent's users: a certificate expiring within 30 days and within 7 days, a blacklisted
 * worker seen at a gate, a worker absent N days in a row (the project's `absent_days`). Each notice is
 * claimed in `labour_notices` by its key in the statement that finds it, before anything is sent, so it
 * goes once: not again on the next sweep, after a restart, or from another server sweeping too.
 */

interface Found {
  project_id: number;
  project_name: string;
  agent_id: number | null;
  real_name: string;
  /** The absence notice's number of days. */
  days?: number;
}

const ALL = sql`true`;
/** Names shown in one notice; the rest are counted. */
const NAMES = 10;

function names(rows: readonly Found[]) {
  const shown = rows.slice(0, NAMES).map((r) => r.real_name);
  return rows.length > NAMES ? andList([...shown, `+${rows.length - NAMES}`]) : andList(shown);
}

/** One notification per project of the notices claimed, to its managers and its agent's users. */
async function tell(
  notifier: Notifier,
  found: readonly Found[],
  notice: { key: string; level: 'info' | 'warning' | 'error'; link: (projectId: number) => string; days?: number },
) {
  const byProject = new Map<number, Found[]>();
  for (const r of found) byProject.set(r.project_id, [...(byProject.get(r.project_id) ?? []), r]);
  for (const [projectId, rows] of byProject) {
    const days = notice.days ?? Number(rows[0].days ?? 0);
    const params = { project: rows[0].project_name, count: rows.length, days, names: names(rows) };
    await notifier.notify({
      to: { managersOfProject: projectId, agentUsersOf: rows[0].agent_id },
      tab: 'message',
      kind: 'labour',
      level: notice.level,
      title: t(`labour.notice.${notice.key}` as MessageKey, params),
      body: t(`labour.notice.${notice.key}.body` as MessageKey, params),
      link: notice.link(projectId),
    });
  }
  return found.length;
}

/** Claims the candidates' notices (kind, subject, key) and answers those this call claimed. */
async function claim(db: Db, kind: string, candidates: SQL): Promise<Found[]> {
  const res = await db.execute(sql`
    with cand as (${candidates}),
    ins as (
      insert into labour_notices (kind, subject_id, key, project_id)
      select ${kind}, subject_id, key, project_id from cand
      on conflict do nothing
      returning subject_id, key)
    select cand.*
    from cand join ins on ins.subject_id = cand.subject_id and ins.key = cand.key
    order by cand.project_id, cand.real_name`);
  return rowsOf<Found>(res);
}

/**
 * Certificates of workers on site that expire within 30 days (but more than 7) and within 7 days, not
 * renewed by a later one of the same type: each notified once per window and valid-until date (a
 * certificate whose date is changed is notified again when the new date comes near).
 */
export async function noticeCertificates(db: Db, notifier: Notifier, where: SQL = ALL): Promise<number> {
  let sent = 0;
  for (const [days, after, level] of [
    [30, 7, 'info'],
    [7, -1, 'warning'],
  ] as const) {
    const found = await claim(
      db,
      `certificate${days}`,
      sql`select c.id as subject_id, c.valid_until::text as key, p.id as project_id, p.name as project_name,
          p.agent_id, w.real_name
        from (${projectDays(where)}) p
        join labour_certificates c on c.project_id = p.id
        join labour_workers w on w.id = c.worker_id and w.status = 'on_site'
        where c.valid_until > p.today + ${after}::int and c.valid_until <= p.today + ${days}::int
          and not exists (select 1 from labour_certificates r
            where r.worker_id = c.worker_id and r.type = c.type and r.valid_until > c.valid_until)`,
    );
    sent += await tell(notifier, found, {
      key: 'certificateExpiring',
      level,
      days,
      link: (id) => `/labour/workers?projectId=${id}&certificateState=expiring`,
    });
  }
  return sent;
}

/**
 * Blacklisted workers whom a terminal saw (a pass in the last day, after the worker's last change, which
 * is when it was blacklisted or later): once per worker and day of the pass (UTC).
 */
export async function noticeBlacklistSeen(db: Db, notifier: Notifier, where: SQL = ALL): Promise<number> {
  const found = await claim(
    db,
    'blacklistSeen',
    sql`select distinct w.id as subject_id, to_char(lp.at at time zone 'UTC', 'YYYY-MM-DD') as key,
        p.id as project_id, p.name as project_name, p.agent_id, w.real_name
      from labour_workers w
      join labour_passes lp on lp.worker_id = w.id and lp.at > now() - interval '1 day' and lp.at >= w.updated_at
      join (${projectDays(where)}) p on p.id = w.project_id
      where w.status = 'blacklisted'`,
  );
  return tell(notifier, found, {
    key: 'blacklistSeen',
    level: 'error',
    link: (id) => `/labour/workers?projectId=${id}&status=blacklisted`,
  });
}

/**
 * Workers on site whom no terminal has seen for the project's `absent_days` whole work days in a row
 * (default 3; today does not count, it is not over): once per absence, keyed by its first day, so a
 * worker who comes back and stays away again is notified again. An absence starts no earlier than the
 * worker's entry date and registration. Projects whose terminals saw nobody in that time are left out:
 * their gates are down or not installed, and every worker would look absent.
 */
export async function noticeAbsent(db: Db, notifier: Notifier, where: SQL = ALL): Promise<number> {
  const dayOf = (at: SQL) => sql`floor((extract(epoch from ${at}) + p.off * 60 - p.cut * 3600) / 86400)::int`;
  const found = await claim(
    db,
    'absent',
    sql`select a.id as subject_id, a.first_absent::text as key, a.project_id, a.project_name, a.agent_id, a.real_name,
        a.n as days
      from (
        select w.id, w.real_name, p.id as project_id, p.name as project_name, p.agent_id, p.day, p.n,
          greatest(
            coalesce((select ${dayOf(sql`max(lp.at)`)} + 1 from labour_passes lp where lp.worker_id = w.id), 0),
            w.entry_date - date '1970-01-01',
            ${dayOf(sql`w.created_at`)}) as first_absent
        from (select p0.*, coalesce(ls.absent_days, ${DEFAULT_ABSENT_DAYS}::int) as n
          from (${projectDays(where)}) p0 left join labour_settings ls on ls.project_id = p0.id) p
        join labour_workers w on w.project_id = p.id
        where w.status = 'on_site' and (w.exit_date is null or w.exit_date >= p.today)
          and exists (select 1 from labour_passes x
            where x.project_id = p.id and x.at >= p.start - make_interval(days => p.n))
      ) a
      where a.day - a.first_absent >= a.n`,
  );
  return tell(notifier, found, {
    key: 'absent',
    level: 'warning',
    link: (id) => `/labour/day-sheet?projectId=${id}`,
  });
}

/** How often the certificate and absence sweep runs (and once shortly after the start). */
export const NOTICE_SWEEP_EVERY_MS = 3_600_000;
/** How often blacklisted workers' passes are looked for besides right after passes are stored. */
export const BLACKLIST_SWEEP_EVERY_MS = 60_000;

const isWorkerPass = (e: { kind: string; data: Record<string, unknown> }) =>
  e.kind === 'pass' && /^W\d+$/.test(String(e.data?.personId ?? ''));

/**
 * Runs the sweeps on this instance: certificates and absences hourly (and 5 s after the start), blacklisted
 * workers' passes every minute and as soon as a worker's pass is stored here. Runs of one sweep never
 * overlap on an instance; across instances the claims keep each notice to one sender.
 */
export function scheduleLabourNotices(
  app: Pick<FastifyInstance, 'log' | 'addHook'>,
  ctx: Pick<ModuleContext, 'db' | 'notifications' | 'deviceReports'>,
  timing = { firstMs: 5_000, everyMs: NOTICE_SWEEP_EVERY_MS, blacklistEveryMs: BLACKLIST_SWEEP_EVERY_MS },
) {
  const serial = (name: string, work: () => Promise<unknown>) => {
    let running: Promise<unknown> | null = null;
    let again = false;
    const run = (): void => {
      if (running) {
        again = true;
        return;
      }
      running = work()
        .catch((err: unknown) => app.log.warn({ err }, `labour: ${name} notices failed`))
        .finally(() => {
          running = null;
          if (again) {
            again = false;
            run();
          }
        });
    };
    return run;
  };
  const { db, notifications } = ctx;
  const daily = serial('certificate and absence', async () => {
    await noticeCertificates(db, notifications);
    await noticeAbsent(db, notifications);
  });
  const blacklist = serial('blacklist', () => noticeBlacklistSeen(db, notifications));
  const first = setTimeout(() => {
    daily();
    blacklist();
  }, timing.firstMs);
  first.unref();
  const timer = setInterval(daily, timing.everyMs);
  timer.unref();
  const fast = setInterval(blacklist, timing.blacklistEveryMs);
  fast.unref();
  const stopEvents = ctx.deviceReports.onEventsStored((events) => {
    if (events.some(isWorkerPass)) blacklist();
  });
  const stop = () => {
    clearTimeout(first);
    clearInterval(timer);
    clearInterval(fast);
    stopEvents();
  };
  app.addHook('onClose', async () => stop());
  return stop;
}
