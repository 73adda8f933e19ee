import { and, desc, eq, or } from 'drizzle-orm';
import type { searchApi } from '@siteops/contracts/search/api';
import type { SearchHit, SearchKind } from '@siteops/contracts/search/schemas';
import { ROUTES } from '@siteops/contracts/shared/routes';
import { roleAllowed } from '@siteops/contracts/shared/roles';
import { devices, projects, visitors } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { contains } from '../../core/list.ts';
import type { Db } from '../../db/client.ts';
import type { Handler } from '../../http/endpoint.ts';

/** The list page that opens each kind, filtered to the hit by its own query field. */
const PAGE_OF: Record<SearchKind, string> = {
  device: 'device-list',
  project: 'project-list',
  visitor: 'visitor-List',
};

const pathOf = (kind: SearchKind, query: Record<string, string>) => {
  const route = ROUTES.find((r) => r.name === PAGE_OF[kind])!;
  return `${route.path}?${new URLSearchParams(query)}`;
};

/** Whether the caller's menu holds the page a kind opens on (the route table is the one source). */
const mayOpen = (caller: Caller, kind: SearchKind) =>
  roleAllowed(caller.role, ROUTES.find((r) => r.name === PAGE_OF[kind])!.roles);

type Finder = (db: Db, caller: Caller, q: string, limit: number) => Promise<SearchHit[]>;

const FINDERS: Record<SearchKind, Finder> = {
  async device(db, caller, q, limit) {
    const rows = await db
      .select({ id: devices.id, sn: devices.sn, devName: devices.devName })
      .from(devices)
      .where(and(scope.devices(caller), or(contains(devices.sn, q), contains(devices.devName, q))))
      .orderBy(desc(devices.id))
      .limit(limit);
    return rows.map((d) => ({
      kind: 'device' as const,
      id: d.id,
      title: d.devName || d.sn,
      subtitle: d.devName ? d.sn : null,
      path: pathOf('device', { sn: d.sn }),
    }));
  },
  async project(db, caller, q, limit) {
    const rows = await db
      .select({ id: projects.id, name: projects.name, code: projects.code })
      .from(projects)
      .where(and(scope.projects(caller), or(contains(projects.name, q), contains(projects.code, q))))
      .orderBy(desc(projects.id))
      .limit(limit);
    return rows.map((p) => ({
      kind: 'project' as const,
      id: p.id,
      title: p.name,
      subtitle: p.code,
      path: pathOf('project', { name: p.name }),
    }));
  },
  async visitor(db, caller, q, limit) {
    const rows = await db
      .select({ id: visitors.id, realName: visitors.realName, project: projects.name })
      .from(visitors)
      .leftJoin(projects, eq(projects.id, visitors.projectId))
      .where(and(scope.visitors(caller), contains(visitors.realName, q)))
      .orderBy(desc(visitors.id))
      .limit(limit);
    return rows.map((v) => ({
      kind: 'visitor' as const,
      id: v.id,
      title: v.realName,
      subtitle: v.project,
      path: pathOf('visitor', { realName: v.realName }),
    }));
  },
};

/**
 * The command palette's search: each kind the caller's menu may open, in the caller's data scope, by
 * the same "contains" match (and indexes) as the lists; the kinds searched side by side.
 */
export const find: Handler<typeof searchApi.find> = async (c, input) => {
  const kinds = (Object.keys(FINDERS) as SearchKind[]).filter((kind) => mayOpen(c.caller, kind));
  const found = await Promise.all(kinds.map((kind) => FINDERS[kind](c.db, c.caller, input.q, input.limit)));
  return { hits: found.flat() };
};
