import { useMutation } from '@tanstack/react-query';
import { DEVICE_LINK_PATHS, type SnapshotAnswer } from '@siteops/contracts/device-link';
import { request } from '../client';

/** One-key snapshot: the device takes a picture now; the answer carries it as a data: URL. */
export function takeSnapshot(id: number) {
  return request<SnapshotAnswer>({ method: 'POST', url: DEVICE_LINK_PATHS.snapshot(id), data: {}, silent: true });
}

export function useSnapshotMutation() {
  return useMutation({ mutationFn: takeSnapshot });
}
