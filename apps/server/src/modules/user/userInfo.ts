import type { UserInfo } from '@siteops/contracts/user';
import type { UserRow } from '../../db/schema/index.ts';
import type { FileUrls } from '../file/urls.ts';

/** The public face of a user row: never password, salt or token. */
export function toUserInfo(row: UserRow, fileUrls: FileUrls): UserInfo {
  return {
    id: row.id,
    userName: row.userName,
    realName: row.realName,
    nickName: row.nickName,
    avatar: row.avatar,
    avatarUrl: fileUrls.urlOf(row.avatar),
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
