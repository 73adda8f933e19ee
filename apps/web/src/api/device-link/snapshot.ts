import { useMutation } from '@tanstack/react-query';
import { http } from '../client';

/** One-key snapshot: the device takes a picture now; the answer is the JPEG itself. */
export async function takeSnapshot(id: number): Promise<Blob> {
  const response = await http.request<Blob>({
    method: 'POST',
    url: '/api/device/snapshot',
    data: { id },
    responseType: 'blob',
  });
  return response.data;
}

export function useSnapshotMutation() {
  return useMutation({ mutationFn: takeSnapshot });
}
