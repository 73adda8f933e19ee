import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GrantLicenceAnswer, GrantLicenceBody } from '@siteops/contracts/device';
import { request } from '../client';

/**
 * Issues a licence (admin): authorises the device (creating it if the sn is new) and rotates its
 * secret. The answer carries the only copy of the file's text; there is no download-again route.
 */
export function grantLicence(body: GrantLicenceBody) {
  return request<GrantLicenceAnswer>({ method: 'POST', url: '/api/device/grant', data: body });
}

export function useGrantLicenceMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: grantLicence,
    onSuccess: () => client.invalidateQueries({ queryKey: ['device'] }),
  });
}
