import type { userApi } from '@siteops/contracts/user/api';
import { menuForRole } from '@siteops/contracts/shared/routes';
import type { Role } from '@siteops/contracts/shared/roles';
import { authOf } from '../../auth/guard.ts';
import { revokeSession } from '../../auth/sessions.ts';
import type { Handler } from '../../http/endpoint.ts';
import { toUserInfo } from './userInfo.ts';
import { auditOwnAccount } from '../audit/record.ts';

/** logout, info and menu: what the console asks about the session it holds. */
export const logout: Handler<typeof userApi.logout> = async (c) => {
  await revokeSession(c.db, authOf(c.request).sessionId, 'logout');
  await auditOwnAccount(c, 'user.logout');
  return null;
};

export const info: Handler<typeof userApi.info> = async (c) => toUserInfo(c.user, c.fileUrls);

export const menu: Handler<typeof userApi.menu> = async (c) => menuForRole(c.user.role as Role);
