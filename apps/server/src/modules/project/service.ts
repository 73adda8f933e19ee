import { and, asc, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { ProjectItem } from '@siteops/contracts/project/schemas';
import type { Db } from '../../db/client.ts';
import { namesById } from '../../db/namesById.ts';
import { agents, projectMembers, projects, users, type ProjectRow } from '../../db/schema/index.ts';
import { scope, type Caller } from '../../auth/scope.ts';
import { loadOr404 } from '../../db/crud.ts';
import { contains, countAll } from '../../core/list.ts';
import { t } from '../../core/messages/index.ts';

export const loadProjectInScope = (db: Db, caller: Caller, id: number): Promise<ProjectRow> =>
  loadOr404(db, { table: projects, idColumn: projects.id, id, scope: scope.projects(caller), what: 'Project' });

/**
 * Who may join a project: users of the project's agent (for a platform project, users without an
 * agent), administrators excepted. Keeps one tenant's people out of another tenant's projects.
 */
export function candidatesOf(project: Pick<ProjectRow, 'agentId'>): SQL | undefined {
  return and(
    project.agentId === null ? isNull(users.agentId) : eq(users.agentId, project.agentId),
    ne(users.role, 'admin'),
  );
}

export async function toProjectItems(db: Db, rows: ProjectRow[]): Promise<ProjectItem[]> {
  const ids = rows.map((r) => r.id);
  const [managers, counts, agentNames] = await Promise.all([
    ids.length
      ? db
          .select({
            projectId: projectMembers.projectId,
            id: users.id,
            userName: users.userName,
            realName: users.realName,
          })
          .from(projectMembers)
          .innerJoin(users, eq(users.id, projectMembers.userId))
          .where(and(inArray(projectMembers.projectId, ids), eq(projectMembers.role, 'manager')))
          .orderBy(asc(users.id))
      : [],
    ids.length
      ? db
          .select({ projectId: projectMembers.projectId, n: countAll })
          .from(projectMembers)
          .where(inArray(projectMembers.projectId, ids))
          .groupBy(projectMembers.projectId)
      : [],
    namesById(db, agents, rows, (r) => r.agentId),
  ]);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    code: p.code,
    remark: p.remark,
    agentId: p.agentId,
    agentName: agentNames.get(p.agentId) ?? null,
    managers: managers
      .filter((m) => m.projectId === p.id)
      .map(({ id, userName, realName }) => ({ id, userName, realName })),
    memberCount: counts.find((c) => c.projectId === p.id)?.n ?? 0,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    createdId: p.createdId,
    updatedId: p.updatedId,
  }));
}

/** Member counts by role in a project. */
export async function memberCounts(db: Db, projectId: number) {
  const rows = await db
    .select({ role: projectMembers.role, n: countAll })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId))
    .groupBy(projectMembers.role);
  return {
    managers: rows.find((r) => r.role === 'manager')?.n ?? 0,
    members: rows.find((r) => r.role === 'member')?.n ?? 0,
  };
}

/** The 409 a taken project code answers (through `uniqueOr409`). */
export const duplicateCode = (code: string | undefined) => ({
  field: 'code',
  message: t('project.codeUsed', { code: code ?? '' }),
});

/** Account or real name contains `keyword`. */
export const keywordOf = (keyword: string | undefined) =>
  keyword ? or(contains(users.userName, keyword), contains(users.realName, keyword)) : undefined;
