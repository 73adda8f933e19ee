import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceImportMode, ImportDevicesAnswer } from '@siteops/contracts/device';
import { request } from '../client';

export interface ImportDevicesInput {
  file: File;
  mode: DeviceImportMode;
  /** Language of the row messages. */
  lang: string;
  /** Share of the upload sent so far, 0-1 (the server's checking comes after 1). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads an xlsx for import; answers per-row errors by row number and column. Idempotent by sn:
 * importing a file again updates its devices instead of duplicating them.
 */
export function importDevices({ file, mode, lang, onProgress, signal }: ImportDevicesInput) {
  const form = new FormData();
  form.append('mode', mode);
  form.append('file', file);
  return request<ImportDevicesAnswer>({
    method: 'POST',
    url: '/api/device/import',
    params: { mode, lang },
    data: form,
    signal,
    onUploadProgress: (e) => onProgress?.(e.total ? e.loaded / e.total : 0),
  });
}

export function useImportDevicesMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importDevices,
    onSuccess: (answer) => {
      if (answer.created + answer.updated > 0) void client.invalidateQueries({ queryKey: ['device'] });
    },
  });
}
