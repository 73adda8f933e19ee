import { sql, type SQL } from 'drizzle-orm';
import type { labourApi } from '@siteops/contracts/labour/api';
import {
  DEFAULT_CUTOFF_HOUR,
  DEFAULT_UTC_OFFSET_MINUTES,
  FIGURES_CERTIFICATE_DAYS,
  type LabourFigures,
  type LabourProjectFigures,
} from '@siteops/contracts/labour/schemas';
import { projects } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/rows.ts';
import { scope } from '../../auth/scope.ts';
import type { Handler } from '../../http/endpoint.ts';

/**
 * The projects in scope with their current work day (days since 1970-01-01 on their wall clock, from
 * the cut-off hour), the instant it started, and their today as a date. `where` holds the scope on `projects`.
 */
export const projectDays = (where: SQL) => sql`
  select ${projects.id} as id, ${projects.name} as name, ${projects.agentId} as agent_id, o.cut, o.off, d.day, d.start,
    (date '1970-01-01' + d.day) as today
  from ${projects}
  left join labour_settings s on s.project_id = ${projects.id}
  cross join lateral (select coalesce(s.cutoff_hour, ${DEFAULT_CUTOFF_HOUR}::int) as cut,
    coalesce(s.utc_offset_minutes, ${DEFAULT_UTC_OFFSET_MINUTES}::int) as off) o
  cross join lateral (select floor((extract(epoch from now()) + o.off * 60 - o.cut * 3600) / 86400)::int as day) d0
  cross join lateral (select d0.day, to_timestamp(d0.day::float8 * 86400 - o.off * 60 + o.cut * 3600) as start) d
  where ${where}`;

const rate = (came: number, expected: number) => (expected ? Math.round((came / expected) * 1000) / 1000 : null);

/**
 * GET /api/labour/figures: per project of the caller's labour scope (admin all, an agent its agent's, a
 * manager its own), on the project's own work day: workers on site now (their latest pass today by the
 * terminal's direction is an in-pass, so in minus out, a pass sent twice counted once), today's attendance
 * (of the workers registered on site today, those who passed), and certificates of workers on site that
 * expire within 30 days and were not renewed by a later one of the same type. One statement, each
 * figure grouped once over all the projects.
 */
export const labourFigures: Handler<typeof labourApi.figures> = async ({ db, caller }) => {
  const inScope = scope.labour(caller, projects.id) ?? sql`true`;
  const res = await db.execute(sql`
    with p as (${projectDays(inScope)}),
    t as (
      select lp.project_id, lp.worker_id,
        max(lp.at) filter (where lp.direction = 'in') as last_in,
        max(lp.at) filter (where lp.direction = 'out') as last_out
      from p join labour_passes lp on lp.project_id = p.id and lp.at >= p.start and lp.at < p.start + interval '1 day'
        -- Implied (a work day started within the last day) but what the planner can estimate: without it,
        -- with weeks of passes stored it guessed ten times the rows and JIT-compiled every call (bench/labour.ts).
        and lp.at >= now() - interval '1 day'
      group by 1, 2
    ),
    w as (
      select w.project_id, w.id from p join labour_workers w on w.project_id = p.id
      where w.status = 'on_site' and w.entry_date <= p.today and (w.exit_date is null or w.exit_date >= p.today)
    )
    select p.id, p.name, p.today::text as today,
      coalesce(o.on_site_now, 0)::int as on_site_now,
      coalesce(e.expected, 0)::int as expected,
      coalesce(e.came, 0)::int as came,
      coalesce(c.expiring, 0)::int as expiring
    from p
    left join (
      select t.project_id, count(*) filter (where t.last_in is not null
        and (t.last_out is null or t.last_in > t.last_out)) as on_site_now
      from t group by 1
    ) o on o.project_id = p.id
    left join (
      select w.project_id, count(*) as expected, count(t.worker_id) as came
      from w left join t on t.worker_id = w.id group by 1
    ) e on e.project_id = p.id
    left join (
      select c.project_id, count(*) as expiring
      from p join labour_certificates c on c.project_id = p.id
      join labour_workers cw on cw.id = c.worker_id and cw.status = 'on_site'
      where c.valid_until >= p.today and c.valid_until <= p.today + ${FIGURES_CERTIFICATE_DAYS}::int
        and not exists (select 1 from labour_certificates r
          where r.worker_id = c.worker_id and r.type = c.type and r.valid_until > c.valid_until)
      group by 1
    ) c on c.project_id = p.id
    order by p.name, p.id`);
  const list: LabourProjectFigures[] = rowsOf<{
    id: number;
    name: string;
    today: string;
    on_site_now: number;
    expected: number;
    came: number;
    expiring: number;
  }>(res).map((r) => ({
    projectId: r.id,
    projectName: r.name,
    day: r.today,
    onSiteNow: r.on_site_now,
    expected: r.expected,
    came: r.came,
    attendanceRate: rate(r.came, r.expected),
    expiringCertificates: r.expiring,
  }));
  const sum = (k: 'onSiteNow' | 'expected' | 'came' | 'expiringCertificates') => list.reduce((n, p) => n + p[k], 0);
  const total: LabourFigures['total'] = {
    onSiteNow: sum('onSiteNow'),
    expected: sum('expected'),
    came: sum('came'),
    attendanceRate: rate(sum('came'), sum('expected')),
    expiringCertificates: sum('expiringCertificates'),
  };
  return { projects: list, total, at: new Date().toISOString() };
};
