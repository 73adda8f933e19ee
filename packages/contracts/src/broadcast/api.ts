import { defineEndpoints } from '../shared/endpoint.ts';
import { idBody, idQuery, pageOf } from '../shared/pagination.ts';
import {
  addCampaignBody,
  campaignItem,
  campaignListQuery,
  campaignRuns,
  campaignRunsQuery,
  campaignSpeakers,
} from './schemas.ts';
import { DEVICE_SCOPE_ROLES } from '../shared/roles.ts';

/**
 * /api/broadcast/*: broadcast campaigns to cloud speakers (issue 14). Scope: admin every campaign; an
 * agent or a manager those whose speakers are all in its device scope (an agent its agent's devices, a
 * manager its projects'); any other id answers 404.
 */
export const broadcastApi = defineEndpoints('broadcast', {
  speakers: {
    method: 'GET',
    path: '/api/broadcast/speakers',
    access: DEVICE_SCOPE_ROLES,
    summary: "The cloud speakers in the caller's scope, with their project (the form's target choices)",
    answer: campaignSpeakers,
  },
  add: {
    method: 'POST',
    path: '/api/broadcast/add',
    access: DEVICE_SCOPE_ROLES,
    summary: 'Schedule a campaign: now, at a time, or daily in a time window; targets by project or device',
    body: addCampaignBody,
    answer: campaignItem,
    message: 'Save Success',
    errors: [404],
  },
  listAll: {
    method: 'GET',
    path: '/api/broadcast/listAll',
    access: DEVICE_SCOPE_ROLES,
    summary: 'Campaigns, newest first, with their next run and the latest run counted by outcome',
    query: campaignListQuery,
    answer: pageOf(campaignItem),
  },
  detail: {
    method: 'GET',
    path: '/api/broadcast/detail',
    access: DEVICE_SCOPE_ROLES,
    summary: 'One campaign',
    query: idQuery,
    answer: campaignItem,
    errors: [404],
    resource: 'campaign',
  },
  runs: {
    method: 'GET',
    path: '/api/broadcast/runs',
    access: DEVICE_SCOPE_ROLES,
    summary: "A campaign's latest runs, each with every device's outcome (played, refused with reason, offline)",
    query: campaignRunsQuery,
    answer: campaignRuns,
    errors: [404],
    resource: 'campaign',
  },
  pause: {
    method: 'POST',
    path: '/api/broadcast/pause',
    access: DEVICE_SCOPE_ROLES,
    summary: 'Pause a scheduled campaign: no run starts until it is resumed',
    body: idBody,
    answer: campaignItem,
    errors: [404, 409],
    resource: 'campaign',
  },
  resume: {
    method: 'POST',
    path: '/api/broadcast/resume',
    access: DEVICE_SCOPE_ROLES,
    summary: 'Resume a paused campaign; a daily window goes on from its next time',
    body: idBody,
    answer: campaignItem,
    errors: [404, 409],
    resource: 'campaign',
  },
  cancel: {
    method: 'POST',
    path: '/api/broadcast/cancel',
    access: DEVICE_SCOPE_ROLES,
    summary: 'Cancel a scheduled or paused campaign for good',
    body: idBody,
    answer: campaignItem,
    errors: [404, 409],
    resource: 'campaign',
  },
});
