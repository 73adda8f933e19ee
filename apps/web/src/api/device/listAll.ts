import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceItem, DeviceListQuery } from '@siteops/contracts/device';
import { request } from '../client';
import type { PageResult } from '../page';

export function listDevices(params: DeviceListQuery) {
  return request<PageResult<DeviceItem>>({ method: 'GET', url: '/api/device/listAll', params });
}

/** Every device list cache sits under this key, so live updates and mutations can patch or refresh them all. */
export const DEVICE_LIST_KEY = ['device', 'list'] as const;

export function deviceListQueryOptions(params: DeviceListQuery) {
  return queryOptions({
    queryKey: [...DEVICE_LIST_KEY, params],
    queryFn: () => listDevices(params),
    placeholderData: keepPreviousData,
  });
}

export function useDeviceListQuery(params: DeviceListQuery) {
  return useQuery(deviceListQueryOptions(params));
}
