import { z } from 'zod';
import { multilineText, text } from '../shared/text.ts';
import { notText } from '../shared/text-fields.ts';
import { pageQuery, rowId, rowIdParam, sortedPageQuery, textFilter, updateBodyOf } from '../shared/pagination.ts';
import { editStamps, nullableRef, rowRef } from '../shared/row-fields.ts';
import { userListItem } from '../user/list.ts';

const PROJECT_ROLES = ['manager', 'member'] as const;

export const PROJECT_CODE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/** Spec 3's Project (name, code, remark) plus the owning agent. */
const projectFields = {
  name: text({ error: notText('name') })
    .trim()
    .min(1, 'name cannot be empty')
    .max(128, 'name is at most 128 characters'),
  /** Unique across all projects. */
  code: text({ error: notText('code') })
    .trim()
    .regex(PROJECT_CODE_PATTERN, 'code must be 1-64 letters, digits or _ . -'),
  remark: multilineText()
    .trim()
    .max(512, 'remark is at most 512 characters')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  /** Admin only; null = the platform's own project. */
  agentId: rowId().nullable().optional(),
};

export const addProjectBody = z.object(projectFields);

export const updateProjectBody = updateBodyOf(projectFields);

const PROJECT_SORT_FIELDS = ['id', 'name', 'code', 'createdAt', 'updatedAt'] as const;

export const projectListQuery = sortedPageQuery(PROJECT_SORT_FIELDS).extend({
  /** Name contains. */
  name: textFilter(128),
  /** Code contains. */
  code: textFilter(64),
  agentId: rowIdParam().optional(),
});

/** `POST /api/project/addManager`: the user must have the role manager. */
export const addManagerBody = z.object({
  projectId: rowId('projectId is required'),
  userId: rowId('userId is required'),
});

/** `POST /api/project/addMembers` and `removeMembers`. */
export const projectMembersBody = z.object({
  projectId: rowId('projectId is required'),
  userIds: z.array(rowId()).min(1, 'userIds cannot be empty').max(500),
});

/** `GET /api/project/members` and `GET /api/project/candidates`. */
export const projectMembersQuery = pageQuery.extend({
  projectId: rowIdParam(),
  /** Account or real name contains. */
  keyword: textFilter(64),
});

/** A project's manager: the user's id and names, as the user list answers them. */
const personRef = userListItem.pick({ id: true, userName: true, realName: true });

export const projectItem = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  remark: z.string().nullable(),
  ...nullableRef('agent'),
  managers: z.array(personRef),
  memberCount: z.number(),
  ...editStamps,
});
export type ProjectItem = z.infer<typeof projectItem>;

/** A row of the project personnel list. */
export const projectMemberItem = z.object({
  ...rowRef('user'),
  realName: z.string().nullable(),
  phone: z.string().nullable(),
  sex: z.string().nullable(),
  role: z.string(),
  enabled: z.string(),
  certification: z.string(),
  projectRole: z.enum(PROJECT_ROLES),
  joinedAt: z.string(),
});
export type ProjectMemberItem = z.infer<typeof projectMemberItem>;

/** A user who could be added to the project (same agent, not yet a member): a user-list row, narrowed. */
export const projectCandidateItem = userListItem.pick({
  id: true,
  userName: true,
  realName: true,
  phone: true,
  role: true,
});

/**
 * `GET /api/project/candidates`: `purpose` manager lists users with the role manager who are not yet
 * managers of the project (members included: appointing one promotes it); member (default) lists the
 * agent's people who are not in the project at all.
 */
const PROJECT_CANDIDATE_PURPOSES = ['member', 'manager'] as const;
export const projectCandidatesQuery = projectMembersQuery.extend({
  purpose: z.enum(PROJECT_CANDIDATE_PURPOSES).default('member'),
});

/** `data` of the 409 a refused project delete answers: what still belongs to the project. */
export interface ProjectInUse {
  id: number;
  name: string;
  dependents: string[];
  counts: { managers: number; members: number; devices: number };
}
