import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Endpoint, InputOf } from '@siteops/contracts/shared/endpoint';
import { saveFile } from '@/lib/saveFile';
import { call, download, upload } from './endpoint';
import { keyOf } from './queryKey';

/** `useMutation` of an upload, reporting the share sent (0-1); refreshes the endpoint's module on success. */
export function useUploadMutation<E extends Endpoint>(endpoint: E) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      form,
      input,
      onProgress,
    }: {
      form: FormData;
      input?: InputOf<E>;
      onProgress?: (sent: number) => void;
    }) => upload(endpoint, form, { input, onUploadProgress: onProgress }),
    onSuccess: () => client.invalidateQueries({ queryKey: [endpoint.module] }),
  });
}

/** TanStack query options for a read; a list keeps the previous page on screen while the next loads. */
export function endpointQuery<E extends Endpoint>(endpoint: E, input: InputOf<E>) {
  return queryOptions({
    queryKey: keyOf(endpoint, input),
    queryFn: ({ signal }) => call(endpoint, input, { signal }),
    placeholderData: endpoint.operation === 'listAll' ? keepPreviousData : undefined,
  });
}

/** `useQuery` of a declared read; `enabled: false` waits (e.g. for an id). */
export function useEndpointQuery<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  options: { enabled?: boolean; staleTime?: number; refetchInterval?: number } = {},
) {
  return useQuery({ ...endpointQuery(endpoint, input), ...options });
}

/**
 * `useMutation` of a declared write; on success it invalidates the endpoint's own module and any
 * `alsoInvalidates` modules (a device divided to an agent changes the agent's counts too). `silent`
 * is for a page that words a failure itself (one message per event, not a toast and a dialog).
 */
export function useEndpointMutation<E extends Endpoint>(
  endpoint: E,
  alsoInvalidates: readonly string[] = [],
  options: { silent?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<E>) => call(endpoint, input, { silent: options.silent }),
    onSuccess: () =>
      Promise.all(
        [endpoint.module, ...alsoInvalidates].map((module) => client.invalidateQueries({ queryKey: [module] })),
      ),
  });
}

/**
 * A download as a mutation: fetch the file and hand it to the browser, named as the server named it
 * (or `fallbackName` when it did not).
 */
export function useDownload<E extends Endpoint>(endpoint: E, fallbackName: string) {
  return useMutation({
    mutationFn: async (input: InputOf<E>) => {
      const file = await download(endpoint, input);
      saveFile(file.blob, file.fileName ?? fallbackName);
    },
  });
}
