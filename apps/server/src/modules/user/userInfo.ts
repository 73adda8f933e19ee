import { z } from 'zod';
import { ROLES } from '@siteops/contracts/roles';
import { USER_ENABLED, type UserInfo } from '@siteops/contracts/user';
import type { UserRow } from '../../db/schema/index.ts';

/** The public face of a user row: never password, salt or token. */
export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    userName: row.userName,
    realName: row.realName,
    nickName: row.nickName,
    avatar: row.avatar,
    role: row.role as UserInfo['role'],
    email: row.email,
    phone: row.phone,
    enabled: row.enabled as UserInfo['enabled'],
    isAgent: row.isAgent,
    agentId: row.agentId,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
  };
}

export const userInfoSchema = z.object({
  id: z.number(),
  userName: z.string(),
  realName: z.string().nullable(),
  nickName: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  enabled: z.enum(USER_ENABLED),
  isAgent: z.boolean(),
  agentId: z.number().nullable(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
