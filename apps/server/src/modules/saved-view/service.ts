import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AddSavedViewInput, SavedViewItem } from '@siteops/contracts/saved-view/schemas';
import type { Db } from '../../db/client.ts';
import { agents, projects, savedViews, users, type SavedViewRow } from '../../db/schema/index.ts';
import { assertSeesAgent, assertSeesProject, scope, type Caller } from '../../auth/scope.ts';
import { notFound } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';

type Sharing = Pick<AddSavedViewInput, 'sharing' | 'projectId' | 'agentId'>;

/** The sharing columns as stored: only the target of the sharing's kind, the other null. */
export function sharingColumns(s: Sharing) {
  return {
    sharing: s.sharing,
    projectId: s.sharing === 'project' ? (s.projectId ?? null) : null,
    agentId: s.sharing === 'agent' ? (s.agentId ?? null) : null,
  };
}

/** Projects whose shared views `c` sees: those of its project scope ({@link scope.projects}). */
function projectsOf(c: Caller): SQL {
  const inScope = scope.projects(c);
  return inScope
    ? sql`${savedViews.projectId} in (select ${projects.id} from ${projects} where ${inScope})`
    : sql`true`;
}

/**
 * Agents whose shared views `c` sees: its own agent (every user of an agent, whatever its role) and
 * those of its agent scope ({@link scope.agents}: all for an admin, none for a plain user).
 */
function agentsOf(c: Caller): SQL {
  const inScope = scope.agents(c);
  if (!inScope) return sql`true`;
  return or(
    c.agentId === null ? undefined : eq(savedViews.agentId, c.agentId),
    sql`${savedViews.agentId} in (select ${agents.id} from ${agents} where ${inScope})`,
  )!;
}

/**
 * The views `c` sees: its own, those shared with a project of its scope and those shared with its agent
 * (or an agent of its scope). The same one scope rule decides where `c` may share a view
 * ({@link assertMayShare}), so whatever it shares it can also see.
 */
export function visibleTo(c: Caller): SQL {
  return or(
    eq(savedViews.ownerId, c.id),
    and(eq(savedViews.sharing, 'project'), projectsOf(c)),
    and(eq(savedViews.sharing, 'agent'), agentsOf(c)),
  )!;
}

/**
 * May `c` share a view with this project or agent? Only with one it sees; any other answers the 404 a
 * missing one answers, so another tenant's ids cannot be probed.
 */
export async function assertMayShare(db: Db, c: Caller, s: Sharing): Promise<void> {
  if (s.sharing === 'project') await assertSeesProject(db, c, s.projectId!);
  if (s.sharing === 'agent') await assertSeesAgent(db, c, s.agentId!, true);
}

export const notFoundView = () => notFound(t('savedView.notFound'));

/** A view with the names of its owner and target (one query, left joins). */
export const ITEM_SELECTION = {
  view: savedViews,
  projectName: projects.name,
  agentName: agents.name,
  ownerName: sql<string | null>`coalesce(${users.realName}, ${users.userName})`,
};

export function selectItems(db: Db) {
  return db
    .select(ITEM_SELECTION)
    .from(savedViews)
    .leftJoin(projects, eq(projects.id, savedViews.projectId))
    .leftJoin(agents, eq(agents.id, savedViews.agentId))
    .leftJoin(users, eq(users.id, savedViews.ownerId));
}

type ItemRow = { view: SavedViewRow; projectName: string | null; agentName: string | null; ownerName: string | null };

/** A view as lists show it: its row as stored, with the names beside its ids and whether it is the caller's. */
export function toItem({ view, projectName, agentName, ownerName }: ItemRow, c: Caller): SavedViewItem {
  return {
    ...view,
    state: view.state as SavedViewItem['state'],
    sharing: view.sharing as SavedViewItem['sharing'],
    projectName,
    agentName,
    ownerName,
    mine: view.ownerId === c.id,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  };
}
