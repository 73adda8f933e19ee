import { z } from 'zod';
import { defineEndpoints, type DocumentedError } from '../shared/endpoint.ts';
import { pageOf, rowIdParam } from '../shared/pagination.ts';
import {
  broadcastAnswer,
  broadcastBody,
  configAnswer,
  configGetQuery,
  configSetBody,
  deviceEventItem,
  eventsListQuery,
  latestAnswer,
  openDoorAnswer,
  openDoorBody,
  rebootAnswer,
  rebootBody,
  seriesAnswer,
  seriesQuery,
  snapshotAnswer,
  snapshotBody,
  ticketAnswer,
  ticketBody,
} from './schemas.ts';

const LINK_ROLES = ['admin', 'agent'] as const;
const deviceParams = z.object({ id: rowIdParam() });
/** What a command can answer besides the input's 400 (contracts/device-link/schemas.ts, DeviceLinkCode). */
const COMMAND_ERRORS: readonly DocumentedError[] = [404, 409, 413, 429, 502, 504];

/**
 * /api/device/:id/*: the browser's side of the device link (contracts/device-link/schemas.ts). Commands run
 * on the device, wherever in the cluster it is linked, each audited; admin every device, an agent its
 * agent's (scope.deviceLink), any other id answers 404. What is not a plain request and answer stays
 * registered by hand beside the module: the live channel and the terminal (WebSockets) and the
 * remote-control tunnel (every method under a wildcard path).
 */
export const deviceLinkApi = defineEndpoints('deviceLink', {
  ticket: {
    method: 'POST',
    path: '/api/device/ticket',
    access: 'session',
    summary:
      'A short-lived ticket for the live channel, a terminal or the remote-control tunnel (what cannot send a bearer header)',
    body: ticketBody,
    answer: ticketAnswer,
    // 403: terminal and remote tickets are admin and agent only; 404: a device outside the caller's scope.
    errors: [403, 404],
  },
  snapshot: {
    method: 'POST',
    path: '/api/device/:id/snapshot',
    access: LINK_ROLES,
    summary: 'Take a picture with the device camera (answers a data: URL)',
    params: deviceParams,
    body: snapshotBody.optional(),
    answer: snapshotAnswer,
    errors: COMMAND_ERRORS,
    resource: 'device',
  },
  openDoor: {
    method: 'POST',
    path: '/api/device/:id/openDoor',
    access: LINK_ROLES,
    summary: 'Open the door of an access terminal',
    params: deviceParams,
    body: openDoorBody.optional(),
    answer: openDoorAnswer,
    message: 'Door opened',
    errors: COMMAND_ERRORS,
    resource: 'device',
  },
  reboot: {
    method: 'POST',
    path: '/api/device/:id/reboot',
    access: LINK_ROLES,
    summary: 'Reboot the device (it goes offline and comes back)',
    params: deviceParams,
    body: rebootBody.optional(),
    answer: rebootAnswer,
    message: 'Rebooting',
    errors: COMMAND_ERRORS,
    resource: 'device',
  },
  configGet: {
    method: 'GET',
    path: '/api/device/:id/config',
    access: LINK_ROLES,
    summary: "Read the device's configuration (`keys=a,b` for some keys only)",
    params: deviceParams,
    query: configGetQuery,
    answer: configAnswer,
    errors: COMMAND_ERRORS,
    resource: 'device',
  },
  configSet: {
    method: 'PUT',
    path: '/api/device/:id/config',
    access: LINK_ROLES,
    summary: "Change the device's configuration",
    params: deviceParams,
    body: configSetBody,
    answer: configAnswer,
    message: 'Save Success',
    errors: COMMAND_ERRORS,
    resource: 'device',
  },
  broadcast: {
    method: 'POST',
    path: '/api/device/:id/broadcast',
    access: LINK_ROLES,
    summary: 'Play text (TTS) or an audio URL on a broadcast speaker',
    params: deviceParams,
    body: broadcastBody,
    answer: broadcastAnswer,
    errors: COMMAND_ERRORS,
    resource: 'device',
  },
  events: {
    method: 'GET',
    path: '/api/device/:id/events',
    access: LINK_ROLES,
    summary: 'Events of one device, newest first, paged',
    params: deviceParams,
    query: eventsListQuery,
    answer: pageOf(deviceEventItem),
    errors: [404],
    resource: 'device',
  },
  eventPicture: {
    method: 'GET',
    path: '/api/device/:id/events/:eventId/picture',
    // Public to the guard: an <img src> carries no bearer header; the signed URL an events list
    // answers (pictureUrl) is the authority, and the handler answers 404 for anything else.
    access: 'public',
    kind: 'download',
    summary: "An event's picture (JPEG), by the signed URL in the events list",
    params: z.object({ id: rowIdParam(), eventId: z.uuid() }),
    query: z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) }),
    errors: [404],
  },
  telemetry: {
    method: 'GET',
    path: '/api/device/:id/telemetry',
    access: LINK_ROLES,
    summary: 'One telemetry field over time, averaged into buckets (charts)',
    params: deviceParams,
    query: seriesQuery,
    answer: seriesAnswer,
    errors: [404],
    resource: 'device',
  },
  latest: {
    method: 'GET',
    path: '/api/device/:id/latest',
    access: LINK_ROLES,
    summary: 'The newest value of every telemetry field of a device',
    params: deviceParams,
    answer: latestAnswer,
    errors: [404],
    resource: 'device',
  },
});
