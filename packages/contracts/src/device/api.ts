import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { createdAnswer, idQuery, idsBody, pageOf } from '../shared/pagination.ts';
import {
  addDeviceBody,
  authorizeDevicesBody,
  changedAnswer,
  deviceItem,
  deviceListQuery,
  divideAgentBody,
  divideProjectBody,
  updateDeviceBody,
} from './schemas.ts';
import {
  grantItem,
  grantLicenceAnswer,
  grantLicenceBody,
  grantLicenceQuery,
  grantListQuery,
  licencePublicKeyAnswer,
  licencePublicKeyQuery,
} from '../licence/schemas.ts';
import { deviceExportQuery, importDevicesAnswer, importDevicesQuery, importTemplateQuery } from './sheet.ts';

/**
 * /api/device/*: the device registry. Admin all; an agent only the devices of its agent (scope rule),
 * and of the writes only authorise/forbid, divide into its projects, import and a few fields.
 * Licences are admin-only; the licence public key is public.
 */
export const deviceApi = defineEndpoints('device', {
  listAll: {
    method: 'GET',
    path: '/api/device/listAll',
    access: ['admin', 'agent'],
    summary: "Devices in the caller's scope (an agent: its own), filtered, sorted and paged",
    query: deviceListQuery,
    answer: pageOf(deviceItem),
  },
  detail: {
    method: 'GET',
    path: '/api/device/detail',
    access: ['admin', 'agent'],
    summary: "One device in the caller's scope (never its terminal password)",
    query: idQuery,
    answer: deviceItem,
    errors: [404],
    resource: 'device',
  },
  add: {
    method: 'POST',
    path: '/api/device/add',
    access: ['admin'],
    summary: 'Register a device (unique sn and mac)',
    body: addDeviceBody,
    answer: createdAnswer,
    message: 'Save Success',
    errors: [404, 409],
  },
  update: {
    method: 'PUT',
    path: '/api/device/update',
    access: ['admin', 'agent'],
    summary: 'Update a device (only the fields sent); an agent only devName, installSite, remark, direction',
    body: updateDeviceBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404, 409],
    resource: 'device',
  },
  delete: {
    method: 'DELETE',
    path: '/api/device/delete',
    access: ['admin'],
    summary: 'Delete devices ({ ids }), all or none',
    body: idsBody,
    answer: changedAnswer,
    message: 'Delete Success',
    errors: [404],
    resource: 'device',
  },
  // authorize and divideProject scope their ids too, but their input needs more than the ids, which
  // the authorisation matrix's foreign-id probe does not send (it would see a 400, not the 404).
  authorize: {
    method: 'POST',
    path: '/api/device/authorize',
    access: ['admin', 'agent'],
    summary: "Authorise or forbid devices in the caller's scope, all or none",
    body: authorizeDevicesBody,
    answer: changedAnswer,
    message: 'Save Success',
    errors: [404],
  },
  divideAgent: {
    method: 'POST',
    path: '/api/device/divideAgent',
    access: ['admin'],
    summary: 'Divide devices to an agent (their project is cleared), all or none',
    body: divideAgentBody,
    answer: changedAnswer,
    message: 'Save Success',
    errors: [404],
    resource: 'device',
  },
  divideProject: {
    method: 'POST',
    path: '/api/device/divideProject',
    access: ['admin', 'agent'],
    summary: 'Divide devices to a project; an agent only its devices into its own projects',
    body: divideProjectBody,
    answer: changedAnswer,
    message: 'Save Success',
    errors: [404],
  },
  grant: {
    method: 'POST',
    path: '/api/device/grant',
    access: ['admin'],
    summary:
      'Issue a signed licence (<sn>.lic) for a device, creating it when the sn is new; rotates its secret. ' +
      '?download=1 answers the file itself',
    query: grantLicenceQuery,
    body: grantLicenceBody,
    answer: grantLicenceAnswer,
    message: 'Save Success',
    errors: [409],
  },
  grants: {
    method: 'GET',
    path: '/api/device/grants',
    access: ['admin'],
    summary: 'Licence grant history, newest first, paged; filter by sn (contains) or device',
    query: grantListQuery,
    answer: pageOf(grantItem),
  },
  licencePublicKey: {
    method: 'GET',
    path: '/api/device/licencePublicKey',
    access: 'public',
    summary:
      'The Ed25519 public key (SPKI PEM) that verifies licence files, and its fingerprint; ?download=1 the PEM file',
    query: licencePublicKeyQuery,
    answer: licencePublicKeyAnswer,
  },
  importTemplate: {
    method: 'GET',
    path: '/api/device/importTemplate',
    access: ['admin', 'agent'],
    summary: 'The device import template (xlsx), headers in ?lang=zh-CN|en-US',
    query: importTemplateQuery,
    kind: 'download',
  },
  import: {
    method: 'POST',
    path: '/api/device/import',
    access: ['admin', 'agent'],
    summary:
      'Import devices from an xlsx (multipart part "file", field "mode" all-or-nothing | valid-rows); ' +
      'idempotent by sn; answers row errors; progress on the live topic job:<jobId>',
    query: importDevicesQuery,
    answer: importDevicesAnswer,
    kind: 'upload',
    errors: [409, 413],
  },
  export: {
    method: 'GET',
    path: '/api/device/export',
    access: ['admin', 'agent'],
    summary: "Export the devices the listAll filters match in the caller's scope as a streamed xlsx (id order)",
    query: deviceExportQuery,
    kind: 'download',
  },
});
