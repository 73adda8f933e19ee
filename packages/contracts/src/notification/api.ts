import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { deletedAnswer, idsBody, pageOf } from '../shared/pagination.ts';
import {
  notificationCounts,
  notificationItem,
  notificationListQuery,
  notificationPreferences,
  readAllNotificationsBody,
  readNotificationBody,
  savePreferencesBody,
} from './schemas.ts';
import { quietHours } from './quiet-hours.ts';

/** /api/notification/*: the caller's own message box. Nobody, admins included, reads another user's. */
export const notificationApi = defineEndpoints('notification', {
  listAll: {
    method: 'GET',
    path: '/api/notification/listAll',
    access: 'session',
    summary: "The caller's notifications, newest first, by tab and read state, paged",
    query: notificationListQuery,
    answer: pageOf(notificationItem),
  },
  counts: {
    method: 'GET',
    path: '/api/notification/counts',
    access: 'session',
    summary: "The caller's unread notifications per tab (the bell's badge)",
    answer: notificationCounts,
  },
  read: {
    method: 'PUT',
    path: '/api/notification/read',
    access: 'session',
    summary: 'Mark one of the caller’s notifications read',
    body: readNotificationBody,
    answer: z.null(),
    errors: [404],
    resource: 'notification',
  },
  readAll: {
    method: 'PUT',
    path: '/api/notification/readAll',
    access: 'session',
    summary: "Mark all the caller's notifications read (of one tab when given)",
    body: readAllNotificationsBody,
    answer: z.object({ updated: z.number() }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/notification/delete',
    access: 'session',
    summary: "Delete some of the caller's notifications ({ ids }); all or none",
    body: idsBody,
    answer: deletedAnswer,
    message: 'Delete Success',
    errors: [404],
    resource: 'notification',
  },
  preferences: {
    method: 'GET',
    path: '/api/notification/preferences',
    access: 'session',
    summary: 'Which kinds of notification reach the caller, in the console and by email',
    answer: notificationPreferences,
  },
  savePreferences: {
    method: 'PUT',
    path: '/api/notification/preferences',
    access: 'session',
    summary: "Save the caller's notification preferences (the kinds given; the others stay)",
    body: savePreferencesBody,
    answer: notificationPreferences,
  },
  quietHours: {
    method: 'GET',
    path: '/api/notification/quiet-hours',
    access: 'session',
    summary: "The caller's quiet hours: when non-critical alarm escalations are held for them",
    answer: quietHours,
  },
  saveQuietHours: {
    method: 'PUT',
    path: '/api/notification/quiet-hours',
    access: 'session',
    summary: "Save the caller's quiet hours (their own only: there is no way to name another user)",
    body: quietHours,
    answer: quietHours,
  },
});
