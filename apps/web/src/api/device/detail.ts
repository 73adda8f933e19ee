import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceItem } from '@siteops/contracts/device';
import { request } from '../client';

export function getDevice(id: number) {
  return request<DeviceItem>({ method: 'GET', url: '/api/device/detail', params: { id } });
}

export function deviceDetailQueryOptions(id: number) {
  return queryOptions({ queryKey: ['device', 'detail', id], queryFn: () => getDevice(id) });
}

export function useDeviceDetailQuery(id: number | undefined) {
  return useQuery({ ...deviceDetailQueryOptions(id ?? 0), enabled: id !== undefined });
}
