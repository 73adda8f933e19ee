import type { UserInfo } from '@siteops/contracts/user/schemas';
import type { UserRow } from '../../db/schema/index.ts';
import type { FileUrls } from '../../storage/fileUrls.ts';

/** Who a user is, as every view of a user starts: its names and its avatar (with a signed URL). */
export function userIdentity(row: UserRow, fileUrls: FileUrls) {
  return {
    id: row.id,
    userName: row.userName,
    realName: row.realName,
    nickName: row.nickName,
    avatar: row.avatar,
    avatarUrl: fileUrls.urlOf(row.avatar),
  };
}

/** The public face of a user row: never password, salt or token. */
export function toUserInfo(row: UserRow, fileUrls: FileUrls): UserInfo {
  return {
    ...userIdentity(row, fileUrls),
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
