import { defineEndpoints } from '../shared/endpoint.ts';
import { pageOf } from '../shared/pagination.ts';
import { z } from 'zod';
import {
  securityBindBody,
  securityCodeAnswer,
  securityCodeBody,
  securityLogItem,
  securityLogQuery,
  securityQuestionBody,
  securityState,
  securityUnbindBody,
  socialInfo,
  socialInfoBody,
  recoverByCodeBody,
  recoverCodeBody,
  recoverPasswordBody,
  recoverQuestionAnswer,
  recoverQuestionBody,
} from './schemas.ts';

/** /api/account/*: the caller's own account, for every role; never anybody else's. */
export const accountApi = defineEndpoints('account', {
  securityLog: {
    method: 'GET',
    path: '/api/account/securityLog',
    access: 'session',
    summary: 'Audited changes of the caller’s own account (logins, password, profile, certification), newest first',
    query: securityLogQuery,
    answer: pageOf(securityLogItem),
  },
  exportMine: {
    method: 'GET',
    path: '/api/account/exportMine',
    access: 'session',
    summary:
      'Everything the product holds about the caller, as a JSON file: profile, projects, certifications, notifications and its audit trail (audited)',
    kind: 'download',
  },
  security: {
    method: 'GET',
    path: '/api/account/security',
    access: 'session',
    summary:
      'The caller’s security settings: security question set or not, security email and phone (masked) and whether codes can be sent there',
    answer: securityState,
  },
  securityQuestion: {
    method: 'PUT',
    path: '/api/account/securityQuestion',
    access: 'session',
    summary:
      'Set or change the security question; needs the current password (wrong ones back off like failed logins); the answer is stored hashed (audited)',
    body: securityQuestionBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [429],
  },
  securityCode: {
    method: 'POST',
    path: '/api/account/securityCode',
    access: 'session',
    summary:
      'Send a one-time code (6 digits, valid SECURITY_CODE_MINUTES) to the email (SMTP_URL) or phone (SMS_WEBHOOK_URL) to bind; limited per user and per target (429); 409 when that channel is not configured',
    body: securityCodeBody,
    answer: securityCodeAnswer,
    errors: [409, 429, 502],
  },
  securityBind: {
    method: 'POST',
    path: '/api/account/securityBind',
    access: 'session',
    summary:
      'Bind the email or phone with the code it received; a code allows 5 tries and works only for the user who asked for it (audited)',
    body: securityBindBody,
    answer: z.null(),
    message: 'Save Success',
  },
  securityUnbind: {
    method: 'POST',
    path: '/api/account/securityUnbind',
    access: 'session',
    summary: 'Unbind the security email or phone; needs the current password (audited)',
    body: securityUnbindBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [429],
  },
  social: {
    method: 'GET',
    path: '/api/account/social',
    access: 'session',
    summary: 'The caller’s social info: WeChat ID, QQ, DingTalk ID, WeCom account and website (null where none)',
    answer: socialInfo,
  },
  saveSocial: {
    method: 'PUT',
    path: '/api/account/social',
    access: 'session',
    summary:
      'Save the caller’s social info; only the fields sent change, "" or null clears one; answers what is now stored (audited)',
    body: socialInfoBody,
    answer: socialInfo,
    message: 'Save Success',
  },
  recoverQuestion: {
    method: 'POST',
    path: '/api/account/recover/question',
    access: 'public',
    summary:
      'Forgotten password, step 1: the ways a name can recover, the same for every name: whether a code can be mailed or texted (SMTP_URL, SMS_WEBHOOK_URL set); the security question is never shown (step 2 takes it typed with its answer), so nothing is learnt about accounts',
    body: recoverQuestionBody,
    answer: recoverQuestionAnswer,
    errors: [429],
  },
  recoverPassword: {
    method: 'POST',
    path: '/api/account/recover/password',
    access: 'public',
    summary:
      'Forgotten password, step 2: the account’s security question typed as set (case, spaces and punctuation aside) with the right answer sets a new password and ends every session of the account (audited, the user is notified); a wrong question or answer reads the same and backs off like failed logins',
    body: recoverPasswordBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [429],
  },
  recoverCode: {
    method: 'POST',
    path: '/api/account/recover/code',
    access: 'public',
    summary:
      'Forgotten password by code: send a one-time code to the account’s security email (SMTP_URL) or phone (SMS_WEBHOOK_URL), as `channel` says; every name gets the same answer and limits (nothing is sent where there is no such account or address); 409 when that channel is not configured',
    body: recoverCodeBody,
    answer: securityCodeAnswer,
    errors: [409, 429],
  },
  recoverByCode: {
    method: 'POST',
    path: '/api/account/recover/codePassword',
    access: 'public',
    summary:
      'Forgotten password by code, step 2: the code mailed or texted sets a new password and ends every session of the account (audited, the user is notified); a code allows 5 tries',
    body: recoverByCodeBody,
    answer: z.null(),
    message: 'Save Success',
  },
});
