import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { deletedAnswer, idsBody, pageOf } from '../shared/pagination.ts';
import {
  addUserAnswer,
  addUserBody,
  loginAnswer,
  loginBody,
  menuNode,
  updateSelfBody,
  updateUserBody,
  userInfo,
} from './schemas.ts';
import { oneTimePasswordAnswer, resetPasswdBody, updatePasswdBody } from './password.ts';
import {
  projectUserItem,
  projectUserListQuery,
  userDetail,
  userDetailQuery,
  userListItem,
  userListQuery,
} from './list.ts';
import { userOverviewQuery, workplaceOverview } from './overview.ts';

/** /api/user/*: the session (login, info, menu, passwords) and the users in the caller's scope. */
export const userApi = defineEndpoints('user', {
  login: {
    method: 'POST',
    path: '/api/user/login',
    access: 'public',
    summary:
      'Log in with username and password; answers a bearer token; repeated failures back off (429) per account and client',
    body: loginBody,
    answer: loginAnswer,
    message: 'welcome to use',
    errors: [401, 403, 429],
  },
  logout: {
    method: 'POST',
    path: '/api/user/logout',
    access: 'session',
    summary: 'End this session now',
    answer: z.null(),
    allowPendingPasswordChange: true,
  },
  info: {
    method: 'POST',
    path: '/api/user/info',
    access: 'session',
    summary: 'The current user',
    answer: userInfo,
    allowPendingPasswordChange: true,
    readOnly: true,
  },
  menu: {
    method: 'POST',
    path: '/api/user/menu',
    access: 'session',
    summary: "The route table cut to the caller's role, as a menu tree",
    answer: z.array(menuNode),
    allowPendingPasswordChange: true,
    readOnly: true,
  },
  updatePasswd: {
    method: 'PUT',
    path: '/api/user/updatePasswd',
    access: 'session',
    summary:
      "Change the caller's password; ends the caller's other sessions; wrong old passwords back off like failed logins",
    body: updatePasswdBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [429],
    allowPendingPasswordChange: true,
  },
  resetPasswd: {
    method: 'PUT',
    path: '/api/user/resetPasswd',
    access: ['admin'],
    summary:
      "Give a user a random one-time password, answered only here (never stored in clear or logged); it logs in once within ONE_TIME_PASSWORD_HOURS and must then be changed; the user's sessions end",
    body: resetPasswdBody,
    answer: oneTimePasswordAnswer,
    message: 'Save Success',
    errors: [404, 409],
    resource: 'user',
  },
  add: {
    method: 'POST',
    path: '/api/user/add',
    access: ['admin', 'agent'],
    summary:
      'Create a user from the personal-info form; without a password they get a one-time one, answered only here',
    body: addUserBody,
    answer: addUserAnswer,
    message: 'Save Success',
    errors: [409],
  },
  update: {
    method: 'PUT',
    path: '/api/user/update',
    access: ['admin', 'agent'],
    summary: 'Update a user (only the fields sent); disabling ends their sessions',
    body: updateUserBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404, 409],
    resource: 'user',
  },
  updateSelf: {
    method: 'PUT',
    path: '/api/user/updateSelf',
    access: 'session',
    summary:
      'Edit your own profile (realName, nickName, sex, birthday, phone, email, nation, country, area, address, introduction, avatar)',
    body: updateSelfBody,
    answer: z.null(),
    message: 'Save Success',
  },
  delete: {
    method: 'DELETE',
    path: '/api/user/delete',
    access: ['admin', 'agent'],
    summary: 'Delete users ({ ids }); all or none',
    body: idsBody,
    answer: deletedAnswer,
    message: 'Delete Success',
    errors: [404, 409],
    resource: 'user',
  },
  listAll: {
    method: 'GET',
    path: '/api/user/listAll',
    access: ['admin', 'agent'],
    summary: "Users in the caller's scope, filtered, sorted and paged; idNo and cardNo masked",
    query: userListQuery,
    answer: pageOf(userListItem),
  },
  proListAll: {
    method: 'GET',
    path: '/api/user/proListAll',
    access: ['admin', 'agent', 'manager'],
    summary: 'Users of a project (projectId), with the user-list filters; idNo and cardNo masked',
    query: projectUserListQuery,
    answer: pageOf(projectUserItem),
    errors: [404],
  },
  detail: {
    method: 'GET',
    path: '/api/user/detail',
    access: 'session',
    summary: 'One user for the edit form; reveal=1 (admin, audited) answers idNo and cardNo in full',
    query: userDetailQuery,
    answer: userDetail,
    errors: [404],
    resource: 'user',
  },
  overview: {
    method: 'GET',
    path: '/api/user/overview',
    access: 'session',
    summary:
      'The overview: counts, visits against last month, my projects, my team, latest activity, site notifications',
    query: userOverviewQuery,
    answer: workplaceOverview,
  },
});
