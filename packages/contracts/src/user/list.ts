import { z } from 'zod';
import { ROLES } from '../shared/roles.ts';
import { instant, queryBool, rowIdParam, sortedPageQuery, textFilter } from '../shared/pagination.ts';
import { CERTIFICATION, USER_ENABLED } from './schemas.ts';
import { socialInfo } from '../account/schemas.ts';
import { editTimes, editorIds, imageRef, nullableRef, nullableString } from '../shared/row-fields.ts';

// The user list page: its query, its rows, and the detail the edit form loads.

/** How a list of people (users, visitors) is searched by who they are: real name and phone contain the text. */
export const personFilters = {
  realName: textFilter(64),
  phone: textFilter(32),
};

export const USER_SORT_FIELDS = ['id', 'userName', 'realName', 'birthday', 'createdAt', 'updatedAt'] as const;

/** `GET /api/user/listAll` query: filters of the user list page. */
export const userListQuery = sortedPageQuery(USER_SORT_FIELDS).extend({
  /** Account contains (case-insensitive). */
  userName: textFilter(64),
  ...personFilters,
  enabled: z.enum(USER_ENABLED).optional(),
  certification: z.enum(CERTIFICATION).optional(),
  isAgent: queryBool.optional(),
  role: z.enum(ROLES).optional(),
  /** Admin only (others are limited to their own agent anyway). */
  agentId: rowIdParam().optional(),
  /** Exact ID number, matched through the keyed hash column. */
  idNo: textFilter(64),
  createdFrom: instant.optional(),
  createdTo: instant.optional(),
});

/** `GET /api/user/proListAll` query: the users of one project. */
export const projectUserListQuery = userListQuery.extend({
  projectId: rowIdParam(),
  projectRole: z.enum(['manager', 'member']).optional(),
});

export const userDetailQuery = z.object({
  id: rowIdParam(),
  /** `1`: answer idNo and cardNo in full (admin only; the read is audited). */
  reveal: queryBool.optional(),
});

export { nullableString };

/** One row of the user list. idNo and cardNo are masked (first 3 and last 4 characters). */
export const userListItem = z.object({
  id: z.number(),
  userName: z.string(),
  realName: nullableString,
  nickName: nullableString,
  /** Its URL is valid about an hour. */
  ...imageRef('avatar'),
  sex: nullableString,
  birthday: nullableString,
  phone: nullableString,
  email: nullableString,
  idNo: nullableString,
  cardNo: nullableString,
  politics: nullableString,
  cultureLevel: nullableString,
  certification: z.string(),
  enabled: z.string(),
  isAgent: z.boolean(),
  role: z.string(),
  ...nullableRef('agent'),
  ...editTimes,
});
export type UserListItem = z.infer<typeof userListItem>;

/** `GET /api/user/proListAll` row: a user row plus the role in the project. */
export const projectUserItem = userListItem.extend({ projectRole: z.string(), joinedAt: z.string() });

/** The edit form's data. idNo/cardNo are masked unless `revealed`. */
export const userDetail = userListItem.extend({
  nation: nullableString,
  country: nullableString,
  area: nullableString,
  address: nullableString,
  bankName: nullableString,
  introduction: nullableString,
  ...imageRef('qrCode'),
  ...imageRef('idFrontPic'),
  ...imageRef('idBackPic'),
  ...imageRef('cardPic'),
  mustChangePassword: z.boolean(),
  /** The user's social info (settings' social tab), read-only here; whoever may read the user sees it. */
  social: socialInfo,
  revealed: z.boolean(),
  ...editorIds,
});
export type UserDetail = z.infer<typeof userDetail>;
