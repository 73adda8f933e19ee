import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { createdAnswer, deletedAnswer, idsBody, pageOf } from '../shared/pagination.ts';
import {
  addAnnouncementBody,
  announcementIdQuery,
  announcementItem,
  announcementLatestQuery,
  announcementListQuery,
  announcementNotice,
  publishAnnouncementBody,
  updateAnnouncementBody,
} from './schemas.ts';

/**
 * /api/announcement/*: announcements. Writers (admin, agent, manager) manage those in their scope: an
 * admin all, an agent those to its own agent's people, a manager those to the people of projects it
 * manages; anything else answers 404. Every logged-in user reads those in force for its audience.
 */
export const announcementApi = defineEndpoints('announcement', {
  listAll: {
    method: 'GET',
    path: '/api/announcement/listAll',
    access: ['admin', 'agent', 'manager'],
    summary: "Announcements in the caller's scope, filtered by title, status, level and audience, sorted and paged",
    query: announcementListQuery,
    answer: pageOf(announcementItem),
  },
  add: {
    method: 'POST',
    path: '/api/announcement/add',
    access: ['admin', 'agent', 'manager'],
    summary: 'Write a draft announcement for an audience the caller may address',
    body: addAnnouncementBody,
    answer: createdAnswer,
    message: 'Save Success',
    errors: [404],
  },
  update: {
    method: 'PUT',
    path: '/api/announcement/update',
    access: ['admin', 'agent', 'manager'],
    summary: "Rewrite an announcement in the caller's scope; a published one keeps its audience (409)",
    body: updateAnnouncementBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404, 409],
    resource: 'announcement',
  },
  delete: {
    method: 'DELETE',
    path: '/api/announcement/delete',
    access: ['admin', 'agent', 'manager'],
    summary: "Delete announcements ({ ids }) in the caller's scope, all or none; notices already sent stay",
    body: idsBody,
    answer: deletedAnswer,
    message: 'Delete Success',
    errors: [404],
    resource: 'announcement',
  },
  publish: {
    method: 'PUT',
    path: '/api/announcement/publish',
    access: ['admin', 'agent', 'manager'],
    summary: 'Publish a draft: one notice per user of its audience, live to those online; once only (409)',
    body: publishAnnouncementBody,
    answer: z.object({ recipients: z.number(), publishedAt: z.string() }),
    message: 'Save Success',
    errors: [404, 409],
    resource: 'announcement',
  },
  latest: {
    method: 'GET',
    path: '/api/announcement/latest',
    access: 'session',
    summary: "The announcements in force for the caller's audience, pinned first, then newest",
    query: announcementLatestQuery,
    answer: z.array(announcementNotice),
  },
  view: {
    method: 'GET',
    path: '/api/announcement/view',
    access: 'session',
    summary: "One announcement published for the caller's audience (404 otherwise)",
    query: announcementIdQuery,
    answer: announcementNotice,
    errors: [404],
    resource: 'announcement',
  },
});
