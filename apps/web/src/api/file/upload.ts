import { useMutation } from '@tanstack/react-query';
import type { FileKind, UploadedFile } from '@siteops/contracts/file';
import { request } from '../client';

/** One image (JPEG, PNG or WebP by content, size limited by the server); answers its id and a signed URL. */
export function uploadImage(kind: FileKind, file: Blob, fileName = 'image') {
  const form = new FormData();
  form.append('file', file, fileName);
  return request<UploadedFile>({ method: 'POST', url: '/api/file/upload', params: { kind }, data: form });
}

export function useUploadImageMutation() {
  return useMutation({
    mutationFn: ({ kind, file, fileName }: { kind: FileKind; file: Blob; fileName?: string }) =>
      uploadImage(kind, file, fileName),
  });
}
