import { and, eq, getTableColumns, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  AddAnnouncementInput,
  AnnouncementItem,
  AnnouncementLevel,
  AnnouncementNotice,
  AnnouncementStatus,
} from '@siteops/contracts/announcement/schemas';
import type { Role } from '@siteops/contracts/shared/roles';
import type { Recipients } from '../../ports/context.ts';
import type { Db } from '../../db/client.ts';
import type { ListJoin } from '../../db/crud.ts';
import type { JsonSelection } from '../../db/jsonRow.ts';
import { agents, announcements, projectMembers, projects, users, type AnnouncementRow } from '../../db/schema/index.ts';
import { assertSeesAgent, assertSeesProject, type Caller } from '../../auth/scope.ts';
import { forbidden, notFoundOf } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';

/** Which audiences each writer may address; the target itself must then be in the writer's scope. */
const AUDIENCES_OF: Record<Role, readonly string[]> = {
  admin: ['everyone', 'role', 'agent', 'project'],
  agent: ['agent'],
  manager: ['project'],
  user: [],
};

type Audience = Pick<AddAnnouncementInput, 'audience' | 'audienceRole' | 'audienceAgentId' | 'audienceProjectId'>;

/** The audience columns as stored: only the target of the audience's kind, the others null. */
export function audienceColumns(a: Audience) {
  return {
    audience: a.audience,
    audienceRole: a.audience === 'role' ? (a.audienceRole ?? null) : null,
    audienceAgentId: a.audience === 'agent' ? (a.audienceAgentId ?? null) : null,
    audienceProjectId: a.audience === 'project' ? (a.audienceProjectId ?? null) : null,
  };
}

/**
 * May `c` address this audience? A kind its role does not write is a 403; an agent or project outside
 * its scope ({@link scope.agents}, {@link scope.projects}: the one scope rule) is the 404 that a missing
 * one answers, so another tenant's ids cannot be probed.
 */
export async function assertMayAddress(db: Db, c: Caller, a: Audience): Promise<void> {
  if (!AUDIENCES_OF[c.role].includes(a.audience)) throw forbidden(t('announcement.audienceNotAllowed'));
  if (a.audience === 'agent') {
    // An agent addresses its own people only, though it sees no other agent anyway.
    if (c.role === 'agent' && a.audienceAgentId !== c.agentId) throw notFoundOf('Agent');
    await assertSeesAgent(db, c, a.audienceAgentId!);
  }
  if (a.audience === 'project') await assertSeesProject(db, c, a.audienceProjectId!);
}

/** The users an announcement goes to, for the notifier (the same audience {@link readableBy} answers). */
export function recipientsOf(row: AnnouncementRow): Recipients {
  switch (row.audience) {
    case 'everyone':
      return { everyone: true };
    case 'role':
      return { roles: [row.audienceRole as Role] };
    case 'agent':
      return { peopleOfAgent: row.audienceAgentId! };
    default:
      return { peopleOfProject: row.audienceProjectId! };
  }
}

/** Announcements whose audience holds `c` (whatever their state). */
export function addressedTo(c: Caller): SQL {
  return or(
    eq(announcements.audience, 'everyone'),
    and(eq(announcements.audience, 'role'), eq(announcements.audienceRole, c.role)),
    c.agentId === null
      ? undefined
      : and(eq(announcements.audience, 'agent'), eq(announcements.audienceAgentId, c.agentId)),
    and(
      eq(announcements.audience, 'project'),
      sql`${announcements.audienceProjectId} in (select pm_r.project_id from ${projectMembers} pm_r where pm_r.user_id = ${c.id})`,
    ),
  )!;
}

/** Published and not expired. */
export const inForce = (): SQL =>
  and(
    isNotNull(announcements.publishedAt),
    or(isNull(announcements.expiresAt), gt(announcements.expiresAt, sql`now()`)),
  )!;

/** The list's status filter as a condition. */
export function statusWhere(status: AnnouncementStatus | undefined): SQL | undefined {
  if (status === 'draft') return isNull(announcements.publishedAt);
  if (status === 'published') return inForce();
  if (status === 'expired') return and(isNotNull(announcements.publishedAt), sql`${announcements.expiresAt} <= now()`);
  return undefined;
}

export function statusOf(
  row: Pick<AnnouncementRow, 'publishedAt' | 'expiresAt'>,
  now = new Date(),
): AnnouncementStatus {
  if (!row.publishedAt) return 'draft';
  return row.expiresAt && row.expiresAt <= now ? 'expired' : 'published';
}

/** The list's row: the announcement and the names of its target and author (one query, left joins). */
export const LIST_SELECTION = {
  ...getTableColumns(announcements),
  agentName: agents.name,
  projectName: projects.name,
  createdByName: users.userName,
} satisfies JsonSelection;
export const LIST_JOINS: readonly ListJoin[] = [
  { table: agents, on: eq(agents.id, announcements.audienceAgentId) },
  { table: projects, on: eq(projects.id, announcements.audienceProjectId) },
  { table: users, on: eq(users.id, announcements.createdBy) },
];
export type ListRow = AnnouncementRow & {
  agentName: string | null;
  projectName: string | null;
  createdByName: string | null;
};

/** What a writer's item and a reader's notice both say of an announcement, said the same way. */
function messageOf(row: AnnouncementRow) {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    level: row.level as AnnouncementLevel,
    pinned: row.pinned,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

export function toItem(row: ListRow): AnnouncementItem {
  return {
    ...messageOf(row),
    audience: row.audience as AnnouncementItem['audience'],
    audienceRole: row.audienceRole as AnnouncementItem['audienceRole'],
    audienceAgentId: row.audienceAgentId,
    audienceAgentName: row.agentName,
    audienceProjectId: row.audienceProjectId,
    audienceProjectName: row.projectName,
    status: statusOf(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toNotice(row: AnnouncementRow): AnnouncementNotice {
  return { ...messageOf(row), publishedAt: row.publishedAt!.toISOString() };
}
