import { useMutation } from '@tanstack/react-query';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';
import { call } from '@/api/endpoint';

/** One-key snapshot: the device takes a picture now; the answer carries it as a data: URL. */
export function takeSnapshot(id: number) {
  return call(deviceLinkApi.snapshot, { id }, { silent: true });
}

export function useSnapshotMutation() {
  return useMutation({ mutationFn: takeSnapshot });
}
