import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { createdAnswer, deletedAnswer, idBody, idsBody, pageOf } from '../shared/pagination.ts';
import {
  addChainBody,
  addChannelBody,
  chainItem,
  chainListQuery,
  channelItem,
  channelListQuery,
  channelLogQuery,
  deliveryLogItem,
  updateChainBody,
  updateChannelBody,
} from './schemas.ts';

const WRITERS = ['admin', 'agent', 'manager'] as const;

/**
 * /api/alarmEscalation/*: where alarms are escalated to (channels, per project or agent-wide) and when
 * (one chain of steps per project), in the caller's scope (admins all; agents their agent's channels
 * and its projects'; managers their projects'). Addresses and secrets are written, never read back.
 */
export const alarmEscalationApi = defineEndpoints('alarmEscalation', {
  channelListAll: {
    method: 'GET',
    path: '/api/alarmEscalation/channel/listAll',
    access: WRITERS,
    summary: 'Escalation channels in the caller’s scope, paged (addresses and secrets only as set or not)',
    query: channelListQuery,
    answer: pageOf(channelItem),
  },
  channelAdd: {
    method: 'POST',
    path: '/api/alarmEscalation/channel/add',
    access: WRITERS,
    summary: 'Add a channel for a project or an agent in the caller’s scope',
    body: addChannelBody,
    answer: createdAnswer,
    message: 'Add Success',
    errors: [404],
  },
  channelUpdate: {
    method: 'PUT',
    path: '/api/alarmEscalation/channel/update',
    access: WRITERS,
    summary: 'Rename, switch or re-key a channel (a new address or secret replaces the stored one)',
    body: updateChannelBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404],
    resource: 'alarmChannel',
  },
  channelDelete: {
    method: 'DELETE',
    path: '/api/alarmEscalation/channel/delete',
    access: WRITERS,
    summary:
      'Delete channels in the caller’s scope, all or none; 409 naming the chains (data.chains) while a chain uses one',
    body: idsBody,
    answer: deletedAnswer,
    message: 'Delete Success',
    errors: [404, 409],
    resource: 'alarmChannel',
  },
  channelTest: {
    method: 'POST',
    path: '/api/alarmEscalation/channel/test',
    access: WRITERS,
    summary: 'Send a test through a channel (people channels: to the caller); answers the delivery as logged',
    body: idBody,
    answer: deliveryLogItem,
    errors: [404],
    resource: 'alarmChannel',
  },
  channelLog: {
    method: 'GET',
    path: '/api/alarmEscalation/channel/log',
    access: WRITERS,
    summary: 'A channel’s deliveries, newest first, each with its receiver’s answer',
    query: channelLogQuery,
    answer: pageOf(deliveryLogItem),
    errors: [404],
    resource: 'alarmChannel',
  },
  chainListAll: {
    method: 'GET',
    path: '/api/alarmEscalation/chain/listAll',
    access: WRITERS,
    summary: 'Escalation chains of the projects in the caller’s scope, paged',
    query: chainListQuery,
    answer: pageOf(chainItem),
  },
  chainAdd: {
    method: 'POST',
    path: '/api/alarmEscalation/chain/add',
    access: WRITERS,
    summary: 'Add a project’s escalation chain (one per project); its people and channels must be the project’s',
    body: addChainBody,
    answer: createdAnswer,
    message: 'Add Success',
    errors: [404, 409],
  },
  chainUpdate: {
    method: 'PUT',
    path: '/api/alarmEscalation/chain/update',
    access: WRITERS,
    summary: 'Change an escalation chain; alarms already escalating follow the new steps',
    body: updateChainBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404],
    resource: 'escalationChain',
  },
  chainDelete: {
    method: 'DELETE',
    path: '/api/alarmEscalation/chain/delete',
    access: WRITERS,
    summary: 'Delete escalation chains in the caller’s scope; all or none',
    body: idsBody,
    answer: deletedAnswer,
    message: 'Delete Success',
    errors: [404],
    resource: 'escalationChain',
  },
});
