import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { pageOf } from '../shared/pagination.ts';
import {
  certificationCurrent,
  certificationIdQuery,
  certificationItem,
  certificationListQuery,
  certificationReviewQuery,
  reviewCertificationBody,
  submitCertificationBody,
  withdrawCertificationBody,
} from './schemas.ts';

/**
 * /api/certification/*: real-name certification. Every role submits, lists, views and withdraws its own
 * (another user's id answers 404, for admins too); admins review everybody's in the review queue.
 */
export const certificationApi = defineEndpoints('certification', {
  current: {
    method: 'GET',
    path: '/api/certification/current',
    access: 'session',
    summary: 'The caller’s certification status, the certification in force and the one being audited',
    answer: certificationCurrent,
  },
  submit: {
    method: 'POST',
    path: '/api/certification/submit',
    access: 'session',
    summary: 'Submit the enterprise certification for review (a change of subject once one has passed); one at a time',
    body: submitCertificationBody,
    answer: z.object({ id: z.number(), type: z.string() }),
    message: 'Save Success',
    errors: [409],
  },
  listAll: {
    method: 'GET',
    path: '/api/certification/listAll',
    access: 'session',
    summary: 'The caller’s certification records, newest first; the legal ID number masked',
    query: certificationListQuery,
    answer: pageOf(certificationItem),
  },
  detail: {
    method: 'GET',
    path: '/api/certification/detail',
    access: 'session',
    summary: 'One of the caller’s certification records (any one for an admin); the legal ID number masked',
    query: certificationIdQuery,
    answer: certificationItem,
    errors: [404],
    resource: 'certification',
  },
  withdraw: {
    method: 'PUT',
    path: '/api/certification/withdraw',
    access: 'session',
    summary: 'Withdraw one of the caller’s certifications while it is being audited',
    body: withdrawCertificationBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404, 409],
    resource: 'certification',
  },
  reviewList: {
    method: 'GET',
    path: '/api/certification/reviewList',
    access: ['admin'],
    summary: 'The review queue: everybody’s certifications by status (being audited when none is given)',
    query: certificationReviewQuery,
    answer: pageOf(certificationItem),
  },
  review: {
    method: 'PUT',
    path: '/api/certification/review',
    access: ['admin'],
    summary: 'Pass or reject a certification being audited, with the opinion; the user is told',
    body: reviewCertificationBody,
    answer: z.object({ status: z.string(), certification: z.string() }),
    message: 'Save Success',
    errors: [404, 409],
    resource: 'certification',
  },
});
