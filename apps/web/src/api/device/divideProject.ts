import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../client';

/** Contracts' `divideProjectBody`. */
export interface DivideProjectBody {
  ids: number[];
  projectId: number | null;
}

/** Put devices in a project (null: out of any), all or none; answers how many changed. */
export function divideDevicesToProject(body: DivideProjectBody) {
  return request<{ changed: number }>({ method: 'POST', url: '/api/device/divideProject', data: body });
}

export function useDivideProjectMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: divideDevicesToProject,
    onSuccess: () => client.invalidateQueries({ queryKey: ['device'] }),
  });
}
