import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint.ts';
import { signedUrlQuery } from '../file/schemas.ts';
import { deletedAnswer, idQuery, idsBody, pageOf } from '../shared/pagination.ts';
import { updateUpgradeBody, upgradeItem, upgradeListQuery, upgradeUploadQuery } from './schemas.ts';

/** /api/upgrade/*: firmware packages (admin only, spec 6). */
export const upgradeApi = defineEndpoints('upgrade', {
  listAll: {
    method: 'GET',
    path: '/api/upgrade/listAll',
    access: ['admin'],
    summary: 'Firmware packages, searched by file name and version, filtered by status, type and device type',
    query: upgradeListQuery,
    answer: pageOf(upgradeItem),
  },
  detail: {
    method: 'GET',
    path: '/api/upgrade/detail',
    access: ['admin'],
    summary: 'One firmware package',
    query: idQuery,
    answer: upgradeItem,
    errors: [404],
    resource: 'upgrade',
  },
  upload: {
    method: 'POST',
    path: '/api/upgrade/upload',
    access: ['admin'],
    kind: 'upload',
    summary:
      'Upload a firmware package (multipart part "file", streamed to storage, at most UPGRADE_MAX_BYTES); ' +
      'MD5, SHA-1 and SHA-256 are computed on the way and a given checkSum of checkType must match, else nothing is kept',
    query: upgradeUploadQuery,
    answer: upgradeItem,
    message: 'Upload Success',
    errors: [413],
  },
  update: {
    method: 'PUT',
    path: '/api/upgrade/update',
    access: ['admin'],
    summary: 'Change what a package applies to and its notes (the file and its checksums never change)',
    body: updateUpgradeBody,
    answer: z.null(),
    message: 'Save Success',
    errors: [404],
    resource: 'upgrade',
  },
  delete: {
    method: 'DELETE',
    path: '/api/upgrade/delete',
    access: ['admin'],
    summary: 'Delete packages ({ ids }) and their files; all or none, refused (409) while a rollout is open on one',
    body: idsBody,
    answer: deletedAnswer,
    message: 'Delete Success',
    errors: [404, 409],
    resource: 'upgrade',
  },
  download: {
    method: 'GET',
    path: '/api/upgrade/download',
    access: ['admin'],
    kind: 'download',
    summary: 'The package file as uploaded, named as uploaded (HTTP Range supported)',
    query: idQuery,
    errors: [404],
    resource: 'upgrade',
  },
  fetch: {
    method: 'GET',
    path: '/api/upgrade/fetch/:key',
    // Public to the guard: devices have no session. The handler accepts only the signed, short-lived URL
    // the rollout engine put in an `upgrade` command, while that attempt is downloading.
    access: 'public',
    kind: 'download',
    summary:
      "A device's download of the package of its upgrade attempt (signed URL from the upgrade command; HTTP Range supported)",
    params: z.object({ key: z.string().regex(/^fw-\d{1,9}-[0-9a-f-]{36}$/) }),
    query: signedUrlQuery,
    errors: [401, 404],
  },
});
