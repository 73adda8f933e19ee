import { defineEndpoints } from '../shared/endpoint.ts';
import { fileParams, signedUrlQuery, uploadQuery, uploadedFile } from './schemas.ts';

/** /api/file/*: images a user record points at. */
export const fileApi = defineEndpoints('file', {
  upload: {
    method: 'POST',
    path: '/api/file/upload',
    access: 'session',
    kind: 'upload',
    summary: 'Upload one image (multipart part "file"; JPEG, PNG or WebP by content; size limited); answers its id',
    query: uploadQuery,
    answer: uploadedFile,
    errors: [413],
  },
  serve: {
    method: 'GET',
    path: '/api/file/:id',
    // Public to the guard: an <img src> carries no bearer header, so the handler accepts either a
    // signed URL from a user answer or a bearer token (then the scope rule), and answers 401/404 itself.
    access: 'public',
    kind: 'download',
    summary: 'An uploaded image: with a bearer token (scope rule) or a signed URL from a user answer',
    params: fileParams,
    query: signedUrlQuery,
    // No `resource`: the id is a file's uuid, scoped through the user that owns it (file.test.ts holds the 404).
    errors: [401, 404],
  },
});
