import { useMutation } from '@tanstack/react-query';
import type { DeviceListQuery } from '@siteops/contracts/device';
import { downloadFile, saveFile } from './fileDownload';

/** The devices of a query (no paging), as an xlsx the server streams; masked columns stay masked. */
export async function exportDevices(params: Omit<DeviceListQuery, 'page' | 'pageSize'>, lang: string) {
  const file = await downloadFile({
    method: 'GET',
    url: '/api/device/export',
    params: { ...params, lang },
    headers: { 'Accept-Language': lang },
  });
  saveFile(file.blob, file.fileName ?? `devices-${new Date().toISOString().slice(0, 10)}.xlsx`);
}

export function useExportDevicesMutation() {
  return useMutation({
    mutationFn: ({ params, lang }: { params: Omit<DeviceListQuery, 'page' | 'pageSize'>; lang: string }) =>
      exportDevices(params, lang),
  });
}
