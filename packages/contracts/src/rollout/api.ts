import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { idQuery, pageOf, rowId } from '../shared/pagination.ts';
import {
  addRolloutBody,
  previewRolloutBody,
  rolloutDetail,
  rolloutItem,
  rolloutJob,
  rolloutJobsQuery,
  rolloutListQuery,
  rolloutPreview,
} from './schemas.ts';

const idBody = z.object({ id: rowId('id is required') });

/** /api/rollout/*: firmware rollouts (admin only, issue 12). */
export const rolloutApi = defineEndpoints('rollout', {
  preview: {
    method: 'POST',
    path: '/api/rollout/preview',
    access: ['admin'],
    summary: 'The devices a rollout of the package to these targets would take (how many, and the first 50)',
    body: previewRolloutBody,
    answer: rolloutPreview,
    errors: [404],
  },
  add: {
    method: 'POST',
    path: '/api/rollout/add',
    access: ['admin'],
    summary:
      'Start a rollout of a package to the devices the targets select (only those the package applies to), in groups',
    body: addRolloutBody,
    answer: rolloutDetail,
    message: 'Save Success',
    errors: [404, 409],
  },
  listAll: {
    method: 'GET',
    path: '/api/rollout/listAll',
    access: ['admin'],
    summary: 'Rollouts, newest first, with their devices counted by state',
    query: rolloutListQuery,
    answer: pageOf(rolloutItem),
  },
  detail: {
    method: 'GET',
    path: '/api/rollout/detail',
    access: ['admin'],
    summary: 'One rollout with its settings and each group counted by state',
    query: idQuery,
    answer: rolloutDetail,
    errors: [404],
  },
  jobs: {
    method: 'GET',
    path: '/api/rollout/jobs',
    access: ['admin'],
    summary: "A rollout's devices: state, progress, attempts and failure reasons; filtered by state and group",
    query: rolloutJobsQuery,
    answer: pageOf(rolloutJob),
    errors: [404],
  },
  pause: {
    method: 'POST',
    path: '/api/rollout/pause',
    access: ['admin'],
    summary: 'Pause a running rollout: no new device is sent the package (those under way go on)',
    body: idBody,
    answer: rolloutDetail,
    errors: [404, 409],
  },
  resume: {
    method: 'POST',
    path: '/api/rollout/resume',
    access: ['admin'],
    summary: "Resume a paused rollout; the current group's failures so far are accepted",
    body: idBody,
    answer: rolloutDetail,
    errors: [404, 409],
  },
  cancel: {
    method: 'POST',
    path: '/api/rollout/cancel',
    access: ['admin'],
    summary: 'Cancel an open rollout: every device not done is cancelled, and the package can be deleted again',
    body: idBody,
    answer: rolloutDetail,
    errors: [404, 409],
  },
});
